// How a search's term is found (decisions 016, 126, 151): matched with LIKE, or through the
// full-text trigram tables, and whether it is common enough that walking the list beats the index.
// The list, its pages and its count are request-list.server.ts, which asks here.
import { sql, type SqlBool } from 'kysely'
import { holdsText } from '~/lib/sql-like.server'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'

/** The trigram index needs three characters; shorter terms are matched by LIKE (decision 016). */
export const INDEXED_SEARCH_MIN = 3

/** A term's full-text matches, by rowid, in the requests' table and the product lines'. */
export type MatchedRowids = { requests: number[]; items: number[] }

type SearchTable = 'ProductRequestSearch' | 'RequestItemSearch'

/** Text as one full-text phrase: its quotes doubled, so FTS syntax in a term is plain text. */
export const phraseOf = (text: string) => `"${text.replace(/"/g, '""')}"`

/** Rowids already read, as a set a statement can ask `IN`. */
const rowidsRead = (read: number[]) => sql`(SELECT value FROM json_each(${JSON.stringify(read)}))`

/**
 * A full-text table's first `limit` matches of a phrase, by rowid. They come back as one JSON array,
 * not a row each: deciding whether a term is common reads up to 2,600 of them per search, and timed
 * alone a row object each was a fifth of reading a common phrase's 1,000.
 */
async function firstMatchesOf(table: SearchTable, phrase: string, limit: number): Promise<number[]> {
  const hits = sql<{ rowid: number }>`(SELECT rowid FROM ${sql.table(table)} WHERE ${sql.table(table)} MATCH ${phrase} LIMIT ${limit})`
  const row = await readNow((db) => db.one(tables.selectFrom(hits.as('hits')).select((eb) => eb.fn<string>('json_group_array', ['hits.rowid']).as('rowids'))))
  return JSON.parse(row?.rowids ?? '[]') as number[]
}

/** A full-text table's matching rowids: those already read, or its MATCH. */
export function matches(table: SearchTable, phrase: string, read: number[] | undefined) {
  if (read) return rowidsRead(read)
  return sql`(SELECT rowid FROM ${sql.table(table)} WHERE ${sql.table(table)} MATCH ${phrase})`
}

/**
 * The walk's terms: LIKE folds ASCII case as the trigram index does, so an ASCII term finds the same
 * requests both ways; other letters stay with the index, whose folding LIKE only approximates.
 */
const walkable = (q: string) => [...q].length >= INDEXED_SEARCH_MIN && /^[\x20-\x7e]*$/.test(q)

/** Full-text matches, over every organisation, that make a term common enough to walk. */
const COMMON_MATCHES = 1000

/**
 * Terms and trigrams the index has shown to be common, lower-cased as it folds them. This knowledge
 * outlives writes, where a kept answer does not: what is in a thousand lines stays so until lines are
 * deleted, and a term taken for common that no longer is costs speed, never a wrong answer (its walk
 * does not settle and the full-text path answers; a trigram passed over leaves the next one or the
 * phrase to decide). A common term searched again, in any capitals, asks the index nothing: at
 * 100,000 requests that was four reads, ~4.5 ms of each search (decision 154).
 */
const seenCommon = new Set<string>()
const SEEN_COMMON_MOST = 5000

function rememberCommon(key: string) {
  if (seenCommon.size >= SEEN_COMMON_MOST) seenCommon.clear()
  seenCommon.add(key)
}

/**
 * Whether a term is common enough that walking beats the full-text index: the index asked for its
 * first COMMON_MATCHES matches in either table, which it finds quickly for a common term and which
 * for a rare one costs what the full-text path then pays anyway (it reads the same doclists).
 */
async function commonOrMatches(q: string): Promise<MatchedRowids | 'common'> {
  const key = `term:${q.toLowerCase()}`
  if (seenCommon.has(key)) return 'common'
  const firstMatches = (table: SearchTable) => firstMatchesOf(table, phraseOf(q), COMMON_MATCHES)
  const items = (await linesWithRareTerm(q)) ?? (await firstMatches('RequestItemSearch'))
  if (items.length < COMMON_MATCHES) {
    const requests = await firstMatches('ProductRequestSearch')
    if (requests.length < COMMON_MATCHES) return { requests, items }
  }
  rememberCommon(key)
  return 'common'
}

/** Product lines a trigram may be in and still be rare: each is then read and checked. */
const RARE_TRIGRAM_LINES = 200
/** Trigrams asked about, from the term's end: what was typed last narrows it most. */
const TRIGRAMS_ASKED = 3

/**
 * A rare term's product lines, found without its full-text phrase; null when no trigram asked is rare.
 * The phrase reads every one of its trigrams' lists whatever it matches: "Supply item 1999" has eleven
 * trigrams in every product name, ~9 ms at 100,000 requests for its 100 lines (decision 151). A line
 * holding the term holds each of its trigrams, so a rare trigram's lines, checked with LIKE, are
 * exactly the term's: LIKE folds ASCII case as the index does, and `walkable` terms are ASCII.
 */
async function linesWithRareTerm(q: string): Promise<number[] | null> {
  const folded = q.toLowerCase()
  const trigrams = [...new Set(Array.from({ length: folded.length - 2 }, (_, i) => folded.slice(i, i + 3)))].reverse().slice(0, TRIGRAMS_ASKED)
  for (const trigram of trigrams) {
    if (seenCommon.has(`trigram:${trigram}`)) continue
    const lines = await firstMatchesOf('RequestItemSearch', phraseOf(trigram), RARE_TRIGRAM_LINES + 1)
    if (lines.length > RARE_TRIGRAM_LINES) {
      rememberCommon(`trigram:${trigram}`)
      continue
    }
    const read = rowidsRead(lines)
    const holding = await readNow((db) =>
      db.all(
        tables
          .selectFrom('RequestItem as i')
          .select(sql<number>`"i".rowid`.as('rowid'))
          .where((eb) => eb.and([sql<SqlBool>`"i".rowid IN ${read}`, holdsText(eb.ref('i.productName'), q)])),
      ),
    )
    return holding.map((line) => line.rowid)
  }
  return null
}

/**
 * What the index says about a search's term: `common` (walk the list), its matches (a rare term, kept
 * so the page and count read them instead of asking the index again), or nothing (not walkable).
 */
export async function termFound(q: string): Promise<MatchedRowids | 'common' | undefined> {
  return walkable(q) ? commonOrMatches(q) : undefined
}
