import { Code } from '@connectrpc/connect';

/**
 * What a failed call means to a person, without the Connect client: the public pages show these
 * before (or without) loading it (issue 17), and ConnectError itself pulls in the protobuf runtime.
 * A ConnectError is recognised by its shape, as ConnectError's own `instanceof` does.
 */

/** SPEC.md section 8 wording for calls that ran out of time or never reached the server. */
export const TIMEOUT_MESSAGE = 'Request timeout. Please try again.';
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/** The parts of a ConnectError these sentences read. */
interface CallError {
  code: Code;
  rawMessage: string;
  cause: unknown;
}

/** The error as ConnectError.from would make it. */
function asCallError(err: unknown): CallError {
  if (err instanceof Error) {
    const e = err as Error & Partial<CallError>;
    if (e.name === 'ConnectError' && typeof e.code === 'number' && typeof e.rawMessage === 'string') {
      return { code: e.code, rawMessage: e.rawMessage, cause: e.cause };
    }
    if (err.name === 'AbortError' || err.name === 'TimeoutError') return { code: Code.Canceled, rawMessage: err.message, cause: undefined };
    return { code: Code.Unknown, rawMessage: err.message, cause: err };
  }
  return { code: Code.Unknown, rawMessage: String(err), cause: err };
}

/** The server's own sentence, or the timeout/network wording, else the screen's fallback. */
export function errorMessageOr(err: unknown, fallback: string): string {
  const e = asCallError(err);
  if (e.code === Code.DeadlineExceeded) return TIMEOUT_MESSAGE;
  if (e.code === Code.Unknown && e.cause instanceof TypeError) return NETWORK_MESSAGE;
  return e.code !== Code.Unknown && e.code !== Code.Internal && e.rawMessage ? e.rawMessage : fallback;
}

/** True when the call never got an answer: no network, or no answer within the timeout. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const e = asCallError(err);
  return e.code === Code.DeadlineExceeded || (e.code === Code.Unknown && e.cause instanceof TypeError);
}

/**
 * The request field a refusal names (the server's Kesi-Field header, beside the BadRequest detail
 * that fieldErrors in api/errors reads), for pages that show errors without the protobuf runtime.
 */
export function refusedField(err: unknown): string | undefined {
  // Headers by shape: the fetch in use may not be this realm's (a test's, a polyfill's).
  const metadata = err instanceof Error ? (err as Error & { metadata?: Partial<Headers> }).metadata : undefined;
  return typeof metadata?.get === 'function' ? (metadata.get('Kesi-Field') ?? undefined) : undefined;
}
