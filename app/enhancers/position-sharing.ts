// Entry of build/enhancers/position-sharing.js: the runner portal's live position, inlined beside the page enhancer.
import { sharePosition } from '~/areas/deliveries/position-sharing'

sharePosition()
