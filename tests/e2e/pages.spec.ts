// Every page and every dialog in the inventory passes axe with JavaScript on, and logs no hydration
// or console error with the browser's clock ahead of the server's (see pages.ts).
import { auditPages, everyPage } from './pages'

auditPages(everyPage)
