import { Code, ConnectError } from '@connectrpc/connect';
import { codeToHttpStatus } from '@connectrpc/connect/protocol-connect';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errorText';

export { errorMessageOr, isNetworkError, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errorText';

/** The sentence to show a person for a failed call: the server's own message when it sent one. */
export function errorMessage(err: unknown): string {
  const e = ConnectError.from(err);
  if (e.code === Code.DeadlineExceeded) return TIMEOUT_MESSAGE;
  // fetch rejects with a TypeError when the request never got an answer.
  if (e.code === Code.Unknown && e.cause instanceof TypeError) return NETWORK_MESSAGE;
  return e.rawMessage || `Server error (${codeToHttpStatus(e.code)}). Please try again.`;
}

/** The google.rpc error details Kesi sends, by their full type names. */
const BAD_REQUEST = 'google.rpc.BadRequest';
const ERROR_INFO = 'google.rpc.ErrorInfo';
/** ErrorInfo.reason of a call that needs a paid subscription. */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

/** The binary payloads of the error's details of type `typeName`. */
function detailPayloads(err: unknown, typeName: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const d of ConnectError.from(err).details) {
    if ('type' in d && d.type === typeName && d.value instanceof Uint8Array) out.push(d.value);
  }
  return out;
}

/** Reads the string fields of one message: field number -> the values in order. */
function stringFields(bytes: Uint8Array): Map<number, string[]> {
  const fields = new Map<number, string[]>();
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (wireType !== WireType.LengthDelimited) {
      reader.skip(wireType);
      continue;
    }
    const value = reader.bytes();
    fields.set(no, [...(fields.get(no) ?? []), new TextDecoder().decode(value)]);
  }
  return fields;
}

/**
 * The field errors of a failed call, as the server's google.rpc.BadRequest detail names them:
 * field name (as in the request message, e.g. `phone_number`) -> the sentence to show under
 * that field. Empty when the error names no field. Forms put each on its input (Mantine's
 * `form.setFieldError`) and show `errorMessage` only for the rest.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const payload of detailPayloads(err, BAD_REQUEST)) {
      // BadRequest { repeated FieldViolation field_violations = 1; }
      for (const violation of stringFieldsRaw(payload, 1)) {
        // FieldViolation { string field = 1; string description = 2; }
        const f = stringFields(violation);
        const field = f.get(1)?.[0];
        if (field) out[field] = f.get(2)?.[0] ?? '';
      }
    }
  } catch {
    // A detail that does not decode is ignored: the message still says what went wrong.
  }
  return out;
}

/** The raw payloads of the length-delimited field `no` of a message. */
function stringFieldsRaw(bytes: Uint8Array, no: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [n, wireType] = reader.tag();
    if (n === no && wireType === WireType.LengthDelimited) out.push(reader.bytes());
    else reader.skip(wireType);
  }
  return out;
}

/** Whether a call failed for want of a paid subscription (ErrorInfo reason SUBSCRIPTION_REQUIRED). */
export function isSubscriptionRequired(err: unknown): boolean {
  try {
    // ErrorInfo { string reason = 1; string domain = 2; ... }
    return detailPayloads(err, ERROR_INFO).some((p) => stringFields(p).get(1)?.[0] === SUBSCRIPTION_REQUIRED);
  } catch {
    return false;
  }
}
