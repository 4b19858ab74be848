import { createContext, useContext } from 'react'

// The per-request CSP nonce, handed from Express to every inline script Remix renders.
const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
