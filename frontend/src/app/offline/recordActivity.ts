import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { onlineManager, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { CaseService, type Case } from '@gen/kesi/v1/case_pb';
import { transport as appTransport } from '@/api/connect';
import { isNetworkError } from '@/api/errors';
import { isKeyOf } from '@/api/keys';
import {
  applyRecorded,
  outcomeRequest,
  RECORD_ACTIVITY_KEY,
  type RecordOutcomeResult,
  type RecordOutcomeVariables,
} from '@/api/outcome';
import { askWhichToKeep, caseChanged, snapshotOf, type CaseSnapshot } from './conflict';

export { applyRecorded, outcomeRequest, RECORD_ACTIVITY_KEY };
export type { RecordOutcomeResult, RecordOutcomeVariables };

const m = CaseService.method;

/** What the advocate saw when they pressed Save, and whether there was signal then. */
export interface RecordOutcomeContext {
  seen: CaseSnapshot | null;
  queued: boolean;
}

/** The cases an answer holds: its `case`, or its `cases`. */
function casesIn(data: unknown): Case[] {
  const d = data as { case?: Case; cases?: Case[] } | null | undefined;
  if (!d) return [];
  if (Array.isArray(d.cases)) return d.cases;
  return d.case?.$typeName === 'kesi.v1.Case' ? [d.case] : [];
}

/** The case with this internal id as the newest cached answer holds it (a case, or a case in a list). */
export function cachedCase(client: QueryClient, id: string): Case | null {
  let best: { c: Case; at: number } | null = null;
  for (const q of client.getQueryCache().findAll({ predicate: (q) => isKeyOf(q.queryKey, [CaseService]) })) {
    for (const c of casesIn(q.state.data)) {
      if (c.id === id && (!best || q.state.dataUpdatedAt > best.at)) best = { c, at: q.state.dataUpdatedAt };
    }
  }
  return best?.c ?? null;
}

/**
 * The record-outcome mutation as the app runs it, set with setMutationDefaults so that one queued
 * offline and restored after a reload (its function cannot be stored) is sent the same way:
 * - with no signal it pauses (TanStack Query's online mode) and is kept on the device;
 * - a call that gets no answer is tried again, never dropped: nothing typed is lost. Each outcome
 *   carries its key (requestId), which the server records once, so a send repeated after a lost
 *   answer, a reload mid-send or from a second tab adds no second next date;
 * - outcomes go one at a time, in the order they were recorded;
 * - one recorded offline is checked against the case on the server first, and when the case
 *   changed meanwhile the advocate chooses which to keep;
 * - one no longer in the client's cache (the advocate signed out, or another signed in on the
 *   phone) is never sent again, nor its answer put in the cache: it would go out, and come back,
 *   under the next person's session;
 * - the answer goes into the cache (applyRecorded).
 */
export function recordActivityDefaults(
  client: QueryClient,
  transport: Transport = appTransport,
): MutationOptions<RecordOutcomeResult, Error, RecordOutcomeVariables, RecordOutcomeContext> {
  return {
    mutationKey: RECORD_ACTIVITY_KEY,
    scope: { id: 'recordActivity' },
    retry: (_failures, error) => isNetworkError(error),
    onMutate: (variables) => {
      const seen = cachedCase(client, variables.id);
      return { seen: seen ? snapshotOf(seen) : null, queued: !onlineManager.isOnline() };
    },
    mutationFn: async (variables) => {
      const mutation = mutationOf(client, variables);
      if (!mutation) throw new AbandonedError();
      const context = mutation.state.context as RecordOutcomeContext | undefined;
      if (context?.queued && context.seen) {
        const now = (await callUnaryMethod(transport, m.getCaseByCaseId, { caseId: context.seen.caseId })).case;
        if (now && caseChanged(context.seen, snapshotOf(now))) {
          const keep = await askWhichToKeep({
            seen: context.seen,
            now: snapshotOf(now),
            outcome: variables.values.outcome,
            nextDate: variables.values.next_date,
          });
          if (keep === 'theirs') return { kept: 'theirs', case: now };
        }
        if (!mutationOf(client, variables)) throw new AbandonedError();
      }
      return callUnaryMethod(transport, m.recordActivity, outcomeRequest(variables));
    },
    onSuccess: (result, variables) =>
      result.case && mutationOf(client, variables) ? applyRecorded(client, result.case, transport) : undefined,
  };
}

/** An outcome whose mutation left the cache (sign-out, another user): it is not sent. */
class AbandonedError extends Error {
  constructor() {
    super('This outcome was left on the phone when its advocate signed out.');
  }
}

/** The mutation running with these variables (kept across a reload), while it is in the client's cache. */
function mutationOf(client: QueryClient, variables: RecordOutcomeVariables) {
  return client.getMutationCache().find({ predicate: (m) => m.state.variables === variables });
}
