// Typed translation keys: a misspelt key is a type error rather than a raw key on a vendor's screen.
import 'i18next'
import type { VendorMessages } from './config'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'vendor'
    resources: { vendor: VendorMessages }
  }
}
