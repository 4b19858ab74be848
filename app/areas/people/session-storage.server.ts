// The manager's session: a signed cookie that holds only an id; the data lives in the database.
import { signedCookie } from '~/lib/cookies.server'
import { createSessionStorage } from '@remix-run/node'
import {
  SESSION_MAX_AGE_SECONDS,
  createSessionRecord,
  deleteSessionRecord,
  readSessionRecord,
  updateSessionRecord,
} from '~/areas/people/session.server'

// orgId: the organisation the person acts for in this session; none means their first (findManager).
type ManagerSession = { userId: string; orgId: string }
let storage: ReturnType<typeof createSessionStorage<ManagerSession>> | undefined

export function sessionStorage() {
  storage ??= createSessionStorage<ManagerSession>({
    cookie: signedCookie('__stockrun_session', SESSION_MAX_AGE_SECONDS),
    createData: (data, expires) => createSessionRecord(data, expires),
    readData: (sid) => readSessionRecord(sid),
    updateData: (sid, data, expires) => updateSessionRecord(sid, data, expires),
    deleteData: (sid) => deleteSessionRecord(sid),
  })
  return storage
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}
