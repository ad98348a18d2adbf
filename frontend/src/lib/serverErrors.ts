import type { UseFormReturnType } from '@mantine/form';
import { fieldErrors } from '@/api/errors';
import { focusFirstInvalid } from './focusInvalid';

/**
 * After a refused call: puts each error the server named a field for (its google.rpc.BadRequest)
 * under that input of the form, and focuses the first, so the person reads it where they typed it.
 * `names` maps a server field to the form's where they differ (`activity_date` -> `date`); a
 * nested name (`client.phone_number`) is matched by its last part.
 *
 * Answers whether any did; when none did, the caller shows the error's message elsewhere (a toast).
 */
export function putServerErrors<V extends object>(
  form: Pick<UseFormReturnType<V>, 'values' | 'setFieldError'>,
  err: unknown,
  names: Record<string, string> = {},
): boolean {
  let placed = false;
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const last = field.slice(field.lastIndexOf('.') + 1);
    const name = names[field] ?? names[last] ?? last;
    if (!Object.hasOwn(form.values, name)) continue;
    form.setFieldError(name, message);
    placed = true;
  }
  if (placed) focusFirstInvalid();
  return placed;
}
