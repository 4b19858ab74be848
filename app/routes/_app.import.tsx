// /import: bring products or properties in from a CSV file, seeing what will change before it does.
// Plain posts (works without JavaScript): the first post previews; the preview carries the file's text
// in a hidden field, so "Apply" needs no second upload.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { Card, CardBody } from '~/components/ui/card'
import { DomainError } from '~/lib/errors'
import { readMultipartForm } from '~/lib/multipart.server'
import { publicOrigin } from '~/lib/public-url.server'
import { redirectWithToast } from '~/lib/toast.server'
import { importProducts, importProperties, type ImportResult } from '~/models/catalog-csv.server'
import { requireManager } from '~/services/auth.server'

export const meta: MetaFunction = () => [{ title: 'Import from CSV · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireManager(request)
  // The properties page links here with ?kind=properties.
  return { kind: (new URL(request.url).searchParams.get('kind') === 'properties' ? 'properties' : 'products') as Kind }
}

type Kind = 'products' | 'properties'

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  try {
    const form = await readMultipartForm(request, { maxFileBytes: 5 * 1024 * 1024 })
    const kind: Kind = form.get('kind') === 'properties' ? 'properties' : 'products'
    const file = form.get('file')
    const text = typeof file === 'object' && file && file.size > 0 ? await file.text() : String(form.get('csv') ?? '')
    if (!text.trim()) return json({ kind, error: 'Choose a CSV file.' }, { status: 400 })
    const apply = form.get('intent') === 'apply'
    const run = (dryRun: boolean): Promise<ImportResult> =>
      kind === 'products' ? importProducts(manager.orgId, text, { dryRun }) : importProperties(manager.orgId, text, { dryRun, origin: publicOrigin(request) })
    const result = await run(!apply)
    if (apply && result.applied) {
      return redirectWithToast(`/${kind}`, { title: 'Import applied', description: `${result.created} created, ${result.updated} updated.` })
    }
    return json({ kind, csv: text, result })
  } catch (err) {
    if (err instanceof DomainError) return json({ kind: 'products' as Kind, error: err.message }, { status: err.status })
    throw err
  }
}

export default function ImportPage() {
  const data = useActionData<typeof action>()
  const { kind } = useLoaderData<typeof loader>()
  const result = data && 'result' in data ? data.result : undefined
  return (
    <>
      <PageHeader title="Import from CSV" description="The same columns as the CSV export of products or properties. Rows with an id update; rows without one are added." />
      <Card>
        <CardBody className="space-y-4">
          <Form method="post" encType="multipart/form-data" className="space-y-3">
            <label className="block text-sm font-medium text-slate-900" htmlFor="import-kind">What the file holds</label>
            <select id="import-kind" name="kind" defaultValue={data?.kind ?? kind} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
              <option value="products">Products</option>
              <option value="properties">Properties</option>
            </select>
            <label className="block text-sm font-medium text-slate-900" htmlFor="import-file">CSV file</label>
            <input id="import-file" name="file" type="file" accept=".csv,text/csv" required className="block text-sm" />
            <Button type="submit">Preview</Button>
          </Form>
          {data && 'error' in data ? (
            <p role="alert" className="text-sm text-red-700">
              {data.error}
            </p>
          ) : null}
          {result && data && 'csv' in data ? (
            <section aria-labelledby="preview-heading" className="space-y-3">
              <h2 id="preview-heading" className="font-semibold text-slate-900">
                {`Preview: ${result.created} to add, ${result.updated} to update`}
              </h2>
              {result.errors.length ? (
                <div role="alert" className="text-sm text-red-700">
                  <p>Nothing will change until these rows are fixed:</p>
                  <ul className="list-disc pl-5">
                    {result.errors.map((e) => (
                      <li key={`${e.row}-${e.message}`}>
                        Row {e.row}: {e.message}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Name</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>{r.name}</td>
                      <td>{r.action === 'create' ? 'Add' : 'Update'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {result.errors.length === 0 ? (
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="apply" />
                  <input type="hidden" name="kind" value={data.kind} />
                  <input type="hidden" name="csv" value={data.csv} />
                  <Button type="submit">Apply import</Button>
                </Form>
              ) : null}
            </section>
          ) : null}
        </CardBody>
      </Card>
    </>
  )
}


