// Entry of build/enhancers/page.js (npm run build:enhancers): the script vendors' and runners' pages inline.
import { wireProofCapture } from '~/areas/deliveries/components/proof-capture'
import { enhancePage } from '~/lib/page-enhancer'

enhancePage(wireProofCapture)
