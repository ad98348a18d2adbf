/**
 * Today's sittings asked for as the app boots (issue 17). On a cold visit of /dashboard the call
 * would otherwise wait for the signed-in screens' chunks, the first render and the diary's restore:
 * seconds on a slow phone. main.tsx starts it with the entry, in the Connect protocol's JSON form
 * over plain fetch (the entry carries no Connect client), and the app's transport answers the
 * dashboard's first identical call with it (createEarlyAnswerInterceptor in api/connect.ts).
 *
 * No imports: this module is part of the entry every page loads, so it keeps its own reading of
 * today in Nairobi rather than lib/dates' (which brings the protobuf runtime); the tests hold the
 * two to the same day.
 */

/** The only call started early: the dashboard's first screen. */
export const EARLY_PROCEDURE = '/kesi.v1.CaseService/ListScheduledCases';

/** SPEC.md section 9: HTTP timeout, as the transport's. */
const TIMEOUT_MS = 10_000;

interface Started {
  body: string;
  answer: Promise<unknown>;
}

let started: Started | undefined;

const nairobiDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Nairobi', year: 'numeric', month: 'numeric', day: 'numeric' });

/** The request body of today's sittings in Nairobi, as the Connect JSON codec writes it. */
export function todayBody(now: Date = new Date()): string {
  const part = (type: string) => Number(nairobiDay.formatToParts(now).find((p) => p.type === type)?.value);
  return JSON.stringify({ date: { year: part('year'), month: part('month'), day: part('day') } });
}

/**
 * Starts today's sittings for a signed-in diary on /dashboard. The answer is kept for the app's
 * first identical call only; a refused or failed one (an expired access token, no signal) is
 * dropped and that call goes to the network as usual, refresh and retries included.
 */
export function startEarlyCall(pathname: string, signedIn: boolean, fetchImpl: typeof fetch = fetch, now = new Date()): void {
  if (pathname !== '/dashboard' || !signedIn || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  const body = todayBody(now);
  const answer = fetchImpl(EARLY_PROCEDURE, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Connect-Protocol-Version': '1', 'Connect-Timeout-Ms': String(TIMEOUT_MS) },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  started = { body, answer };
}

/**
 * The early answer for procedure with this JSON request body (asked for only when procedure is the
 * early one), once: undefined when none was started for it (or it was already taken), else a
 * promise of the answer's JSON, or of undefined when the early call failed.
 */
export function takeEarlyAnswer(procedure: string, body: () => string): Promise<unknown> | undefined {
  if (!started || procedure !== EARLY_PROCEDURE || body() !== started.body) return undefined;
  const { answer } = started;
  started = undefined;
  return answer;
}
