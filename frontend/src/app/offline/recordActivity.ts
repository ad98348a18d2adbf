import { create } from '@bufbuild/protobuf';
import { onlineManager, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { RecordActivityRequestSchema, type Case, type RecordActivityResponse } from '@gen/kesi/v1/case_pb';
import { caseClient } from '@/api/connect';
import { isNetworkError } from '@/api/errors';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import type { OutcomeValues } from '@/features/cases/queries';
import { fromIsoDate } from '@/lib/dates';
import { askWhichToKeep, caseChanged, snapshotOf, type CaseSnapshot } from './conflict';

/** The record-outcome mutation's key (features/cases/queries.ts uses it). */
export const RECORD_ACTIVITY_KEY = ['recordActivity'] as const;

export interface RecordOutcomeVariables {
  /** The case's internal id. */
  id: string;
  values: OutcomeValues;
}

/** Recorded on the server, or left as it was because the advocate kept the server's version. */
export type RecordOutcomeResult = RecordActivityResponse | { kept: 'theirs'; case: Case };

/** What the advocate saw when they pressed Save, and whether there was signal then. */
export interface RecordOutcomeContext {
  seen: CaseSnapshot | null;
  queued: boolean;
}

/** The case with this internal id as the newest cached answer holds it (a case, or a case in a list). */
export function cachedCase(client: QueryClient, id: string): Case | null {
  let best: { c: Case; at: number } | null = null;
  for (const q of client.getQueryCache().findAll({ queryKey: [CASES_ROOT] })) {
    const data: unknown = q.state.data;
    const list = Array.isArray(data) ? (data as unknown[]) : [data];
    for (const item of list) {
      const c = item as Partial<Case> | null;
      if (c?.$typeName === 'kesi.v1.Case' && c.id === id && (!best || q.state.dataUpdatedAt > best.at)) {
        best = { c: c as Case, at: q.state.dataUpdatedAt };
      }
    }
  }
  return best?.c ?? null;
}

/**
 * The record-outcome mutation as the app runs it, set with setMutationDefaults so that one queued
 * offline and restored after a reload (its function cannot be stored) is sent the same way:
 * - with no signal it pauses (TanStack Query's online mode) and is kept on the device;
 * - a call that gets no answer is tried again, never dropped: nothing typed is lost;
 * - outcomes go one at a time, in the order they were recorded;
 * - one recorded offline is checked against the case on the server first, and when the case
 *   changed meanwhile the advocate chooses which to keep.
 */
export function recordActivityDefaults(
  client: QueryClient,
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
      const api = caseClient();
      const context = contextOf(client, variables);
      if (context?.queued && context.seen) {
        const now = (await api.getCaseByCaseId({ caseId: context.seen.caseId })).case;
        // An outcome the server already holds was sent before the phone could note it (the page
        // closed or reloaded just after): replaying it would record it twice.
        const outcome = variables.values.outcome.trim();
        if (now && outcome !== '') {
          const { activities } = await api.listCaseActivities({ caseId: now.caseId });
          if (activities.some((a) => a.outcome.trim() === outcome)) return { kept: 'theirs', case: now };
        }
        if (now && caseChanged(context.seen, snapshotOf(now))) {
          const keep = await askWhichToKeep({
            seen: context.seen,
            now: snapshotOf(now),
            outcome: variables.values.outcome,
            nextDate: variables.values.next_date,
          });
          if (keep === 'theirs') return { kept: 'theirs', case: now };
        }
      }
      return api.recordActivity(outcomeRequest(variables));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [CASES_ROOT] }),
  };
}

/**
 * The request for an outcome: what happened and, when given, the next date; a concluding status
 * (Completed, Dismissed...) concludes the matter, which then has no next date.
 */
export function outcomeRequest({ id, values }: RecordOutcomeVariables) {
  const req = create(RecordActivityRequestSchema, { id, outcome: values.outcome.trim(), status: values.status });
  if (values.next_date && !values.status) {
    req.nextDate = fromIsoDate(values.next_date);
    req.nextActivity = values.next_activity;
    req.nextTime = values.next_time;
  }
  return req;
}

/** The onMutate result of the mutation running with these variables (kept across a reload). */
function contextOf(client: QueryClient, variables: RecordOutcomeVariables): RecordOutcomeContext | undefined {
  const m = client.getMutationCache().find({ predicate: (m) => m.state.variables === variables });
  return m?.state.context as RecordOutcomeContext | undefined;
}

