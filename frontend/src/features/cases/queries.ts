import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, createQueryOptions, useQuery } from '@connectrpc/connect-query';
import { keepPreviousData, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import {
  CaseService,
  CreateCaseRequestSchema,
  GetCaseByCaseIdResponseSchema,
  type Case,
  type GetCaseByCaseIdResponse,
  type ListCaseActivitiesResponse,
  type ListCasesResponse,
} from '@gen/kesi/v1/case_pb';
import { useTransport } from '@/api/connect';
import { callKey, serviceKey, setCallData } from '@/api/keys';
import { RECORD_ACTIVITY_KEY, type RecordOutcomeResult, type RecordOutcomeVariables } from '@/api/outcome';
import { useListFreshness } from '@/hooks/useListFreshness';
import { fromIsoDate } from '@/lib/dates';

export type { OutcomeValues } from '@/api/outcome';

const m = CaseService.method;

const casesOf = (r: ListCasesResponse) => r.cases;
const activitiesOf = (r: ListCaseActivitiesResponse) => r.activities;
const caseOf = (r: GetCaseByCaseIdResponse): Case => {
  if (!r.case) throw new Error('Failed to load case details');
  return r.case;
};

/** All of the lawyer's cases; SPEC.md section 9: the cases screen retries once. */
export function useCases() {
  return useQuery(m.listCases, {}, { select: casesOf, ...useListFreshness(), retry: 1 });
}

/** One case by its court number; a case passed as navigation state paints first. */
export function useCase(caseId: string, initial?: Case) {
  return useQuery(
    m.getCaseByCaseId,
    { caseId },
    {
      select: caseOf,
      placeholderData: initial?.caseId === caseId ? create(GetCaseByCaseIdResponseSchema, { case: initial }) : undefined,
      retry: 1,
    },
  );
}

/** A case's activities, newest first. */
export function useCaseActivities(caseId: string) {
  return useQuery(m.listCaseActivities, { caseId }, { select: activitiesOf, placeholderData: keepPreviousData });
}

/**
 * The last outcome recorded on each of these cases (the newest activity with one), by case
 * number: undefined while loading, '' when none. For the few sittings of a day, one small
 * request each, under the same key as the case page's activities.
 */
export function useLastOutcomes(caseIds: string[]): Record<string, string | undefined> {
  const transport = useTransport();
  const unique = [...new Set(caseIds)];
  const results = useQueries({
    queries: unique.map((caseId) => createQueryOptions(m.listCaseActivities, { caseId }, { transport })),
  });
  const outcomes: Record<string, string | undefined> = {};
  results.forEach((r, i) => {
    const caseId = unique[i];
    if (caseId !== undefined) outcomes[caseId] = r.data ? (r.data.activities.find((a) => a.outcome.trim() !== '')?.outcome ?? '') : undefined;
  });
  return outcomes;
}

/** Deletes a case: it leaves every cached list at once, and the case answers go stale. */
export function useDeleteCase() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.deleteCase, { id });
    },
    onSuccess: (_, id) => {
      for (const q of queryClient.getQueryCache().findAll({ queryKey: serviceKey(CaseService) })) {
        const data = q.state.data as { cases?: Case[] } | undefined;
        if (Array.isArray(data?.cases) && data.cases.some((c) => c.id === id)) {
          queryClient.setQueryData(q.queryKey, { ...data, cases: data.cases.filter((c) => c.id !== id) });
        }
      }
      return queryClient.invalidateQueries({ queryKey: serviceKey(CaseService), refetchType: 'none' });
    },
  });
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
