// Spec §2.1: /vendors shows the dashboard view.
import Dashboard from './_app._index'

export { meta } from './_app._index'
export default Dashboard
