// Spec §2.1: /vendors shows the dashboard view.
import Dashboard from './_app._index'

export { loader, meta, shouldRevalidate } from './_app._index'
export default Dashboard
