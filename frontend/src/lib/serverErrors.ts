import type { UseFormReturnType } from '@mantine/form';
import { errorMessage, fieldErrors } from '@/api/errors';
import { focusFirstInvalid } from './focusInvalid';

/**
 * After a refused call: puts each error the server named a field for (its google.rpc.BadRequest)
 * under that input of the form, and focuses the first, so the person reads it where they typed it.
 * `names` maps a server field to the form's where they differ (`activity_date` -> `date`); a
 * nested name (`client.phone_number`) is matched by its last part.
 *
 * Answers the sentence still to show elsewhere (a toast), or null when every error found its input.
 */
export function putServerErrors<V extends object>(
  form: Pick<UseFormReturnType<V>, 'values' | 'setFieldError'>,
  err: unknown,
  names: Record<string, string> = {},
): string | null {
  let placed = false;
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const last = field.slice(field.lastIndexOf('.') + 1);
    const name = names[field] ?? names[last] ?? last;
    if (!Object.hasOwn(form.values, name)) continue;
    form.setFieldError(name, message);
    placed = true;
  }
  if (!placed) return errorMessage(err);
  focusFirstInvalid();
  return null;
}
