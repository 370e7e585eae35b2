import type { FieldToFix } from '../api/apiError';
import { useFieldFocus } from './fieldFocus';

const FIX_LABELS: Record<FieldToFix, string> = {
  'Access token': 'Edit access token',
  'Server URL': 'Edit server URL',
  'Project ID': 'Check the project ID',
  'Object ID': 'Check the object ID',
};

/** A button per field a failure puts in doubt, each taking the user to that field. */
export function FixFieldButtons({ fields }: { fields: readonly FieldToFix[] }) {
  const { request } = useFieldFocus();
  return fields.map((field) => (
    <button key={field} type="button" onClick={() => request(field)}>
      {FIX_LABELS[field]}
    </button>
  ));
}
