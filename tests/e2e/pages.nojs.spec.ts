// The vendor's and runner's pages pass axe as a phone without JavaScript gets them (see pages.ts).
import { auditPages } from './pages'

auditPages((entry) => entry.jsOff === true)
