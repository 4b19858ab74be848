// /docs/api: the API reference for people, rendered on the server from the same OpenAPI document
// /api/openapi.json serves (issue 17 part 3, decision 042). Plain HTML, no React on the client.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { apiReference, type ReferenceField, type ReferenceOperation } from '~/areas/integrations/api-reference'
import { API_SCOPES, type RouteContract } from '~/areas/organisation/route-contract'
import { apiDocument } from './api+/openapi[.]json'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export const meta: MetaFunction = () => [{ title: 'API reference · Stockrun' }]

// Nothing here changes after the page loads, so it ships without React (decision 040).
export const handle = { hydrate: false }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const doc = await apiDocument(request, context)
  return { servers: doc.servers, groups: apiReference(doc) }
}

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-violet-100 text-violet-900',
  DELETE: 'bg-red-100 text-red-900',
}

// Cell styles sit on the table, not on each of the page's ~3,000 cells; a long name, type or pattern
// wraps (names keep a readable width) instead of the table scrolling sideways on a phone (decision 117).
const TABLE_STYLE =
  'mt-2 w-full text-left text-sm [&_td]:min-w-[6ch] [&_td]:[overflow-wrap:anywhere] [&_tbody_th]:min-w-[9ch] sm:[&_tbody_th]:min-w-[24ch] [&_tbody_th]:[overflow-wrap:anywhere] [&_thead_th]:whitespace-nowrap [&_td]:py-1 [&_td]:pr-3 [&_th]:py-1 [&_th]:pr-3 [&_tbody_tr]:border-b [&_tbody_tr]:border-slate-100 [&_tbody_tr]:align-top [&_td:last-child]:text-slate-700 [&_thead_th]:font-medium [&_tbody_th]:font-mono [&_tbody_th]:font-normal'

function FieldTable({ caption, fields, showIn }: { caption: string; fields: (ReferenceField & { in?: string })[]; showIn?: boolean }) {
  return (
    <table className={TABLE_STYLE}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-300 text-slate-700">
        <tr>
          <th scope="col">Name</th>
          {showIn ? <th scope="col">In</th> : null}
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={`${f.in ?? ''}${f.name}`}>
            <th scope="row">{f.name}</th>
            {showIn ? <td>{f.in}</td> : null}
            <td>{f.type}</td>
            <td>{f.required ? 'yes' : 'no'}</td>
            <td>{f.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Operation({ op }: { op: ReferenceOperation }) {
  const title = `${op.method} ${op.path}`
  return (
    <article id={op.id} aria-labelledby={`${op.id}-title`} className="rounded-lg border border-slate-200 bg-white">
      {/* Collapsed until asked for: a phone lays out, and axe reads, a hundred summaries instead of every table (decision 117). */}
      <details>
        <summary className="cursor-pointer p-4">
          <h3 id={`${op.id}-title`} className="inline-flex flex-wrap items-center gap-2 font-mono text-base">
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${METHOD_STYLE[op.method] ?? ''}`}>{op.method}</span>{' '}
            <span className="break-all">{op.path}</span>
          </h3>
          <span className="mt-1 block">{op.summary}</span>
        </summary>
        <div className="px-4 pb-4">
          <p className="mt-1 text-sm text-slate-700">
            <strong className="font-medium">Who may call it:</strong> {op.access}
          </p>
          {op.parameters.length > 0 ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">Parameters</h4>
              <FieldTable caption={`Parameters of ${title}`} fields={op.parameters} showIn />
            </>
          ) : null}
          {op.bodyType ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">
                Request body <span className="font-mono font-normal">({op.bodyType})</span>
              </h4>
              {op.body.length > 0 ? <FieldTable caption={`Request body of ${title}`} fields={op.body} /> : <p className="text-sm">A file upload.</p>}
            </>
          ) : null}
          {op.answer ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">{op.answer.list ? 'Answer: a list, each item' : 'Answer'}</h4>
              <FieldTable caption={`Answer of ${title}`} fields={op.answer.fields} />
            </>
          ) : null}
          <h4 className="mt-3 text-sm font-semibold">Responses</h4>
          <ul className="mt-1 space-y-0.5 text-sm">
            {op.responses.map((r) => (
              <li key={r.status}>
                <span className="font-mono font-semibold">{r.status}</span> {r.description}
                {r.types.length > 0 ? <span className="text-slate-700"> — {r.types.join(', ')}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </article>
  )
}

export default function ApiReference() {
  const { servers, groups } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-full bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white px-4 py-4">
        <div className="mx-auto max-w-5xl">
          <h1 className="text-2xl font-semibold">Stockrun API reference</h1>
          <p className="mt-1 text-sm text-slate-700">
            Every operation of the Stockrun API. The machine-readable document is at{' '}
            <a className="text-brand-700 underline" href="/api/openapi.json">
              /api/openapi.json
            </a>{' '}
            (OpenAPI 3.1).
          </p>
        </div>
      </header>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 lg:flex-row">
        <nav aria-label="API sections" className="lg:w-48 lg:shrink-0">
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm lg:flex-col">
            <li>
              <a className="text-brand-700 underline" href="#using-the-api">
                Using the API
              </a>
            </li>
            {groups.map((g) => (
              <li key={g.tag}>
                <a className="text-brand-700 underline" href={`#tag-${g.tag}`}>
                  {g.tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 space-y-8">
          <section aria-labelledby="using-the-api" className="space-y-2">
            <h2 id="using-the-api" className="text-xl font-semibold">
              Using the API
            </h2>
            <p>
              Base URL: <code className="font-mono">{servers[0]?.url}</code>. Send JSON with <code className="font-mono">Content-Type: application/json</code>.
            </p>
            <p>
              Sign in as a manager (session cookie), or send <code className="font-mono">Authorization: Bearer &lt;API key&gt;</code> with a key from Settings.
              A key reaches only the operations its scopes name; every other operation answers 403 to a key. Scopes:{' '}
              {API_SCOPES.map((s, i) => (
                <span key={s}>
                  {i > 0 ? ', ' : ''}
                  <code className="font-mono">{s}</code>
                </span>
              ))}
              .
            </p>
            <p>
              Errors answer <code className="font-mono">{'{ "error": string, "fieldErrors"?: { field: string[] } }'}</code>: 400 for bad input (nothing
              changes), 401 without a valid sign-in or key, 403 when not allowed, 404 for what does not exist or belongs to another organisation, 405 for a
              method the path does not take, 429 when calling too often.
            </p>
          </section>
          {groups.map((g) => (
            <section key={g.tag} aria-labelledby={`tag-${g.tag}`} className="space-y-3">
              <h2 id={`tag-${g.tag}`} className="text-xl font-semibold">
                {g.tag}
              </h2>
              {g.operations.map((op) => (
                <Operation key={op.id} op={op} />
              ))}
            </section>
          ))}
        </main>
      </div>
    </div>
  )
}
