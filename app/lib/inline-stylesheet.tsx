import { createContext, useContext } from 'react'

// The stylesheet's text, handed from the server's entry to pages that inline it instead of linking it
// (decision 040). Empty in the browser: a page rendered there links the stylesheet as usual.
const InlineStylesheetContext = createContext<string | undefined>(undefined)
export const InlineStylesheetProvider = InlineStylesheetContext.Provider
export const useInlineStylesheet = () => useContext(InlineStylesheetContext)
