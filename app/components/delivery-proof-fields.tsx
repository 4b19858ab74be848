// The proof form's fields (photo, who received it, an optional signature, notes), posted as multipart straight to the page's action, so
// a phone without JavaScript sends its photo as it is; the server re-encodes it.
import { ProofCaptureContext, SignaturePad } from './signature-pad'
import { Field, TextareaField } from './ui/field'

export function DeliveryProofFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-photo`} className="mb-1 block text-sm font-medium text-slate-700">
          Delivery Photo
        </label>
        <input
          id={`${idPrefix}-photo`}
          name="photo"
          type="file"
          accept="image/*"
          required
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </div>
      <Field id={`${idPrefix}-received-by`} label="Received by (Optional)" name="receivedBy" maxLength={120} autoComplete="off" hint="The name of the person who took the delivery." />
      <SignaturePad idPrefix={idPrefix} />
      <ProofCaptureContext />
      <TextareaField id={`${idPrefix}-notes`} label="Notes (Optional)" name="notes" rows={3} maxLength={2000} />
    </>
  )
}
