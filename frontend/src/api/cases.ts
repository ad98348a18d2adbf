import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, createQueryOptions } from '@connectrpc/connect-query';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { CaseService, CreateCaseRequestSchema, GetCaseByCaseIdResponseSchema } from '@gen/kesi/v1/case_pb';
import { fromIsoDate } from '@/lib/dates';
import { useTransport } from './connect';
import { callKey, serviceKey, setCallData } from './keys';
import { RECORD_ACTIVITY_KEY, type RecordOutcomeResult, type RecordOutcomeVariables } from './outcome';

/**
 * The case calls several features share (the case dialogs in components/cases, the dashboard's
 * last outcomes); features/cases/queries.ts re-exports them beside the cases screen's own.
 */
export type { OutcomeValues } from './outcome';

const m = CaseService.method;

/**
 * The last outcome recorded on each of these cases (the newest activity with one), by case
 * number: undefined while loading, '' when none, null when it cannot be known now (the call
 * failed, or waits for a signal with nothing kept on the device). For the few sittings of a day,
 * one small request each, under the same key as the case page's activities.
 */
export function useLastOutcomes(caseIds: string[]): Record<string, string | null | undefined> {
  const transport = useTransport();
  const unique = [...new Set(caseIds)];
  const results = useQueries({
    queries: unique.map((caseId) => createQueryOptions(m.listCaseActivities, { caseId }, { transport })),
  });
  const outcomes: Record<string, string | null | undefined> = {};
  results.forEach((r, i) => {
    const caseId = unique[i];
    if (caseId === undefined) return;
    if (r.data) outcomes[caseId] = r.data.activities.find((a) => a.outcome.trim() !== '')?.outcome ?? '';
    else outcomes[caseId] = r.isError || r.fetchStatus === 'paused' ? null : undefined;
  });
  return outcomes;
}

export interface NewCaseValues {
  case_id: string;
  parties: string;
  law_court: string;
  filing_date: string;
  case_type: string;
  notes: string;
  activity: string;
  activity_date: string;
  time: string;
}

export function newCaseRequest(v: NewCaseValues) {
  const req = create(CreateCaseRequestSchema, {
    caseId: v.case_id.trim(),
    parties: v.parties.trim(),
    lawCourt: v.law_court.trim(),
    filingDate: fromIsoDate(v.filing_date),
    caseType: v.case_type.trim(),
    notes: v.notes.trim(),
  });
  if (v.activity_date) {
    req.activity = v.activity || 'Mention';
    req.activityDate = fromIsoDate(v.activity_date);
    req.time = v.time;
  }
  return req;
}

/**
 * Creates a case: the answer goes into the cache as the case and into the list of all cases;
 * the dated lists (today, the week, the calendar) go stale and refetch where shown.
 */
export function useCreateCase() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: NewCaseValues) => (await callUnaryMethod(transport, m.createCase, newCaseRequest(v))).case,
    onSuccess: (created) => {
      if (!created) return queryClient.invalidateQueries({ queryKey: serviceKey(CaseService) });
      setCallData(queryClient, m.getCaseByCaseId, { caseId: created.caseId }, create(GetCaseByCaseIdResponseSchema, { case: created }), transport);
      queryClient.setQueryData(callKey(m.listCases, {}, transport), (old) => (old ? { ...old, cases: [created, ...old.cases] } : old));
      return queryClient.invalidateQueries({
        queryKey: serviceKey(CaseService),
        predicate: (q) => {
          const method = (q.queryKey[1] as { methodName?: string }).methodName;
          return method !== m.listCases.name && method !== m.getCaseByCaseId.name;
        },
      });
    },
  });
}

/**
 * Records what happened and the next date; every case view (calendar, dashboard...) changes.
 * What it sends, its queueing offline, the conflict check and where the answer goes in the
 * cache are the mutation's defaults (app/offline/recordActivity.ts), shared with outcomes
 * restored after a reload.
 */
export function useRecordOutcome() {
  return useMutation<RecordOutcomeResult, Error, RecordOutcomeVariables>({ mutationKey: RECORD_ACTIVITY_KEY });
}
