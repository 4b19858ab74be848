// Every page and every dialog in the inventory passes axe with JavaScript on (see pages.ts).
import { auditPages } from './pages'

auditPages(() => true)
