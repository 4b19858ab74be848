// Ids for rows written in bulk. A random (v4) id lands each new row on a different page of its
// table's primary key and of every index keyed by it, so a group of 40 vendor requests dirtied some
// 500 scattered pages and its commit wrote them all (two thirds of a submission's database time).
// A time-ordered (v7, RFC 9562) id puts each new row beside the last one; it is still a UUID, as
// unguessable in its random part, and says only when the row was made, which every row says anyway.
import { v7 } from 'uuid'

/** A new row's id: a UUID that sorts after every id made before it in this process. */
export function newRowId(): string {
  return v7()
}
