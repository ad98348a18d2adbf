import { create } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import type { QueryClient } from '@tanstack/react-query';
import type { Date as CalendarDate } from '@gen/google/type/date_pb';
import {
  CaseService,
  GetCaseByCaseIdResponseSchema,
  RecordActivityRequestSchema,
  type Case,
  type RecordActivityResponse,
} from '@gen/kesi/v1/case_pb';
import { fromIsoDate, toIsoDate } from '@/lib/dates';
import { callKey, isKeyOf, methodKey, setCallData } from './keys';

const m = CaseService.method;

/**
 * The record-outcome call shared by the screens that record (features/cases) and the offline
 * layer that queues and replays it (app/offline/recordActivity.ts, which sets its defaults).
 */
export const RECORD_ACTIVITY_KEY = ['recordActivity'] as const;

export interface OutcomeValues {
  outcome: string;
  next_date: string;
  next_activity: string;
  next_time: string;
  /** A concluding status (Completed, Dismissed...) when the matter ends here; '' otherwise. */
  status: string;
}

export interface RecordOutcomeVariables {
  /** The case's internal id. */
  id: string;
  values: OutcomeValues;
  /**
   * This outcome's key (newRequestId), made once when the advocate presses Save and kept with it
   * on the device: the server records a key once, so sending the outcome again (an answer lost on
   * a poor signal, a reload mid-send, a second tab) adds no second next date.
   */
  requestId: string;
}

/** A fresh key for an outcome. */
export const newRequestId = (): string => crypto.randomUUID();

/** Recorded on the server, or left as it was because the advocate kept the server's version. */
export type RecordOutcomeResult = RecordActivityResponse | { kept: 'theirs'; case: Case };

/**
 * The request for an outcome: what happened and, when given, the next date; a concluding status
 * (Completed, Dismissed...) concludes the matter, which then has no next date.
 */
export function outcomeRequest({ id, values, requestId }: RecordOutcomeVariables) {
  const req = create(RecordActivityRequestSchema, { id, outcome: values.outcome.trim(), status: values.status, requestId });
  if (values.next_date && !values.status) {
    req.nextDate = fromIsoDate(values.next_date);
    req.nextActivity = values.next_activity;
    req.nextTime = values.next_time;
  }
  return req;
}

/** A list answer with this case put in (in place of its older self, or added). */
function upsert<T extends { cases: Case[] }>(list: T | undefined, c: Case, add: boolean): T | undefined {
  if (!list) return undefined;
  const at = list.cases.findIndex((x) => x.id === c.id);
  if (at < 0 && !add) return undefined;
  const cases = at < 0 ? [...list.cases, c] : list.cases.map((x, i) => (i === at ? c : x));
  return { ...list, cases };
}

/**
 * Puts the recorded case into the cache (the answer is the case as the server now holds it) and
 * reads again only the case's activities, the one thing the answer does not carry: one write and
 * at most one read. Every other case answer is marked stale, not refetched: a screen that shows
 * it reads it again when it is next opened.
 */
export async function applyRecorded(client: QueryClient, c: Case, transport: Transport): Promise<void> {
  setCallData(client, m.getCaseByCaseId, { caseId: c.caseId }, create(GetCaseByCaseIdResponseSchema, { case: c }), transport);
  client.setQueryData(callKey(m.listCases, {}, transport), (old) => upsert(old, c, false));
  const next = toIsoDate(c.activityDate);
  if (next) {
    client.setQueryData(callKey(m.listScheduledCases, { date: c.activityDate }, transport), (old) => upsert(old, c, true));
    const between = methodKey(m.listCasesBetween, transport);
    for (const q of client.getQueryCache().findAll({ queryKey: between })) {
      const input = (q.queryKey[1] as { input?: { start?: CalendarDate; end?: CalendarDate } } | undefined)?.input;
      const start = toIsoDate(input?.start);
      const end = toIsoDate(input?.end);
      if (start <= next && next <= end) client.setQueryData(q.queryKey, (old: { cases: Case[] } | undefined) => upsert(old, c, true));
    }
  }
  const written = new Set([m.getCaseByCaseId.name, m.listCases.name, m.listScheduledCases.name, m.listCasesBetween.name, m.listCaseActivities.name]);
  await Promise.all([
    client.invalidateQueries({ queryKey: callKey(m.listCaseActivities, { caseId: c.caseId }, transport), exact: true }),
    client.invalidateQueries({
      refetchType: 'none',
      predicate: (q) =>
        isKeyOf(q.queryKey, [CaseService]) && !written.has((q.queryKey[1] as { methodName?: string }).methodName ?? ''),
    }),
  ]);
}

