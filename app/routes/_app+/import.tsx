// /import: bring products or properties in from a CSV file, seeing what will change before it does.
// Plain posts (works without JavaScript): the first post previews; the preview carries the file's text
// in a hidden field, so "Apply" needs no second upload.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button } from '~/ui/button'
import { Card, CardBody } from '~/ui/card'
import { FieldErrors, SelectField } from '~/ui/field'
import { DomainError } from '~/lib/errors'
import { readMultipartForm } from '~/lib/multipart.server'
import { publicOrigin } from '~/lib/public-url.server'
import { IMPORT_MAX_BYTES, ImportForm } from '~/areas/integrations/import.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { importAnswer, importCatalog, type CatalogKind } from '~/areas/integrations/catalog-csv.server'
import { utf8Text } from '~/areas/integrations/csv-upload.server'
import { requirePermissionOnPage } from '~/areas/organisation/permissions'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['member-needs-owner/admin'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['preview', 'apply'],
  permission: 'import',
}

export const meta: MetaFunction = () => [{ title: 'Import from CSV · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  requirePermissionOnPage(await requireManager(request), 'import')
  // The properties page links here with ?kind=properties.
  return { kind: (new URL(request.url).searchParams.get('kind') === 'properties' ? 'properties' : 'products') as CatalogKind }
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  requirePermissionOnPage(manager, 'import')
  try {
    const form = await readMultipartForm(request, { maxFileBytes: IMPORT_MAX_BYTES })
    const submission = parseWithZod(form, { schema: ImportForm })
    if (submission.status !== 'success') return json({ kind: kindOf(form), result: submission.reply() }, { status: 400 })
    const { intent, kind, file, csv } = submission.value
    const text = file ? utf8Text(new Uint8Array(await file.arrayBuffer())) : (csv ?? '')
    if (text === null) return json({ kind, result: submission.reply({ fieldErrors: { file: ['The file is not UTF-8 text: save it as “CSV UTF-8”'] } }) }, { status: 400 })
    const result = await importCatalog(kind, manager.orgId, text, { dryRun: intent !== 'apply', origin: publicOrigin(request) })
    if (result.applied) {
      return redirectWithToast(`/${kind}`, { title: 'Import applied', description: `${result.created} created, ${result.updated} updated.` })
    }
    // As the API: a file with a bad row is refused (422), and nothing in it was applied.
    return json({ kind, csv: text, outcome: result }, { status: importAnswer(result).status })
  } catch (err) {
    if (err instanceof DomainError) return json({ kind: 'products' as CatalogKind, error: err.message }, { status: err.status })
    throw err
  }
}

const kindOf = (form: FormData): CatalogKind => (form.get('kind') === 'properties' ? 'properties' : 'products')

export default function ImportPage() {
  const data = useStickyActionData<SerializeFrom<typeof action>>()
  const { kind } = useLoaderData<typeof loader>()
  const outcome = data && 'outcome' in data ? data.outcome : undefined
  return (
    <>
      <PageHeader title="Import from CSV" description="The same columns as the CSV export of products or properties. Rows with an id update; rows without one are added." />
      <Card>
        <CardBody className="space-y-4">
          <UploadForm kind={data?.kind ?? kind} lastResult={data && 'result' in data ? data.result : null} />
          {data && 'error' in data ? (
            <p role="alert" className="text-sm text-red-700">
              {data.error}
            </p>
          ) : null}
          {outcome && data && 'csv' in data ? (
            <section aria-labelledby="preview-heading" className="space-y-3">
              <h2 id="preview-heading" className="font-semibold text-slate-900">
                {outcome.errors.length
                  ? `Nothing imported: ${outcome.errors.length === 1 ? '1 row needs' : `${outcome.errors.length} rows need`} fixing`
                  : `Preview: ${outcome.preview.created} to add, ${outcome.preview.updated} to update`}
              </h2>
              {outcome.errors.length ? (
                <div role="alert" className="text-sm text-red-700">
                  <p>{`Nothing will change until these rows are fixed; then ${outcome.preview.created} would be added and ${outcome.preview.updated} updated:`}</p>
                  <ul className="list-disc pl-5">
                    {outcome.errors.map((e) => (
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
                  {outcome.preview.rows.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>{r.name}</td>
                      <td>{r.action === 'create' ? 'Add' : 'Update'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {outcome.errors.length === 0 ? (
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



function UploadForm({ kind, lastResult }: { kind: CatalogKind; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: 'import-upload',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ImportForm }),
  })
  const fileErrorId = `${fields.file.id}-error`
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3">
      <SelectField label="What the file holds" id="import-kind" name={fields.kind.name} defaultValue={kind} errors={fields.kind.errors} className="max-w-xs">
        <option value="products">Products</option>
        <option value="properties">Properties</option>
      </SelectField>
      <div>
        <label className="mb-1 block text-sm font-medium text-slate-700" htmlFor="import-file">
          CSV file
        </label>
        <input
          id="import-file"
          name={fields.file.name}
          type="file"
          accept=".csv,text/csv"
          className="block text-sm"
          aria-invalid={fields.file.errors?.length ? true : undefined}
          aria-describedby={fields.file.errors?.length ? fileErrorId : undefined}
        />
        <FieldErrors id={fileErrorId} errors={fields.file.errors} />
      </div>
      <Button type="submit">Preview</Button>
    </Form>
  )
}
