// Entry of build/enhancers/page.js (npm run build:enhancers): the script vendors' and runners' pages inline.
import { enhancePage, wireProofCapture } from '~/lib/page-enhancer'

enhancePage(wireProofCapture)
