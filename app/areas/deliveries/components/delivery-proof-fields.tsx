// The proof form's fields (photo, who received it, an optional signature, notes), posted as multipart straight to the page's action, so
// a phone without JavaScript sends its photo as it is; the server re-encodes it.
import { ProofCaptureContext, SignaturePad } from './signature-pad'
import { Field, TextareaField } from '~/ui/field'

/** The required photo, sent as the phone took it (the server re-encodes it). */
export function ProofPhotoField({ id, label }: { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name="photo"
        type="file"
        accept="image/*"
        required
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
      />
    </div>
  )
}

export function DeliveryProofFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <ProofPhotoField id={`${idPrefix}-photo`} label="Delivery Photo" />
      <Field id={`${idPrefix}-received-by`} label="Received by (Optional)" name="receivedBy" maxLength={120} autoComplete="off" hint="The name of the person who took the delivery." />
      <SignaturePad idPrefix={idPrefix} />
      <ProofCaptureContext />
      <TextareaField id={`${idPrefix}-notes`} label="Notes (Optional)" name="notes" rows={3} maxLength={2000} />
    </>
  )
}
