// Entry of build/enhancers/photos.js: the vendor's photo resizer, inlined beside the page enhancer.
import { enhancePhotos } from '~/lib/photo-enhancer'

enhancePhotos()
