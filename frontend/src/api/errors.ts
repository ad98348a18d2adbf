import { Code, ConnectError } from '@connectrpc/connect';
import { codeToHttpStatus } from '@connectrpc/connect/protocol-connect';

/** SPEC.md section 8 wording for calls that ran out of time or never reached the server. */
export const TIMEOUT_MESSAGE = 'Request timeout. Please try again.';
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/** The sentence to show a person for a failed call: the server's own message when it sent one. */
export function errorMessage(err: unknown): string {
  const e = ConnectError.from(err);
  if (e.code === Code.DeadlineExceeded) return TIMEOUT_MESSAGE;
  // fetch rejects with a TypeError when the request never got an answer.
  if (e.code === Code.Unknown && e.cause instanceof TypeError) return NETWORK_MESSAGE;
  return e.rawMessage || `Server error (${codeToHttpStatus(e.code)}). Please try again.`;
}

/** The server's own sentence, or the timeout/network wording, else the screen's fallback. */
export function errorMessageOr(err: unknown, fallback: string): string {
  const e = ConnectError.from(err);
  if (e.code === Code.DeadlineExceeded) return TIMEOUT_MESSAGE;
  if (e.code === Code.Unknown && e.cause instanceof TypeError) return NETWORK_MESSAGE;
  return e.code !== Code.Unknown && e.code !== Code.Internal && e.rawMessage ? e.rawMessage : fallback;
}

/** True when the call never got an answer: no network, or no answer within the timeout. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const e = ConnectError.from(err);
  return e.code === Code.DeadlineExceeded || (e.code === Code.Unknown && e.cause instanceof TypeError);
}
