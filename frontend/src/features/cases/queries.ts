import { create } from '@bufbuild/protobuf';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Transport } from '@connectrpc/connect';
import { CreateCaseRequestSchema, type Case } from '@gen/kesi/v1/case_pb';
import { RECORD_ACTIVITY_KEY, type RecordOutcomeResult, type RecordOutcomeVariables } from '@/app/offline/recordActivity';
import { caseClient, useTransport } from '@/api/connect';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { useListFreshness } from '@/components/useListFreshness';
import { fromIsoDate } from '@/lib/dates';

/** Every case query of every area lives under 'cases', so a change to a case refreshes them all. */
export const caseKeys = {
  all: [CASES_ROOT] as const,
  list: () => [...caseKeys.all, 'list'] as const,
  detail: (caseId: string) => [...caseKeys.all, 'detail', caseId] as const,
  activities: (caseId: string) => [...caseKeys.all, 'activities', caseId] as const,
};

export function casesQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: caseKeys.list(),
    queryFn: async ({ signal }) => (await caseClient(transport).listCases({}, { signal })).cases,
  });
}

/** All of the lawyer's cases; SPEC.md section 9: the cases screen retries once. */
export function useCases() {
  const transport = useTransport();
  return useQuery({ ...casesQueryOptions(transport), ...useListFreshness(), retry: 1 });
}

/** One case by its court number; a case passed as navigation state paints first. */
export function useCase(caseId: string, initial?: Case) {
  const transport = useTransport();
  return useQuery({
    queryKey: caseKeys.detail(caseId),
    queryFn: async ({ signal }) => {
      const res = await caseClient(transport).getCaseByCaseId({ caseId }, { signal });
      if (!res.case) throw new Error('Failed to load case details');
      return res.case;
    },
    placeholderData: initial?.caseId === caseId ? initial : undefined,
    retry: 1,
  });
}

/** A case's activities, newest first. */
export function useCaseActivities(caseId: string) {
  const transport = useTransport();
  return useQuery({ ...activitiesQueryOptions(transport, caseId), placeholderData: keepPreviousData });
}

function activitiesQueryOptions(transport: Transport, caseId: string) {
  return queryOptions({
    queryKey: caseKeys.activities(caseId),
    queryFn: async ({ signal }) => (await caseClient(transport).listCaseActivities({ caseId }, { signal })).activities,
  });
}

/**
 * The last outcome recorded on each of these cases (the newest activity with one), by case
 * number: undefined while loading, '' when none. For the few sittings of a day, one small
 * request each, shared with the case pages' cache.
 */
export function useLastOutcomes(caseIds: string[]): Record<string, string | undefined> {
  const transport = useTransport();
  const unique = [...new Set(caseIds)];
  const results = useQueries({ queries: unique.map((caseId) => activitiesQueryOptions(transport, caseId)) });
  const outcomes: Record<string, string | undefined> = {};
  results.forEach((r, i) => {
    const caseId = unique[i];
    if (caseId !== undefined) outcomes[caseId] = r.data ? (r.data.find((a) => a.outcome.trim() !== '')?.outcome ?? '') : undefined;
  });
  return outcomes;
}

export function useDeleteCase() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await caseClient(transport).deleteCase({ id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
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

export function useCreateCase() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: NewCaseValues) => {
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
      return (await caseClient(transport).createCase(req)).case;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export interface OutcomeValues {
  outcome: string;
  next_date: string;
  next_activity: string;
  next_time: string;
  /** A concluding status (Completed, Dismissed...) when the matter ends here; '' otherwise. */
  status: string;
}

/**
 * Records what happened and the next date; every case view (calendar, dashboard...) changes.
 * What it sends, its queueing offline and the conflict check are the mutation's defaults
 * (app/offline/recordActivity.ts), shared with outcomes restored after a reload.
 */
export function useRecordOutcome() {
  return useMutation<RecordOutcomeResult, Error, RecordOutcomeVariables>({ mutationKey: RECORD_ACTIVITY_KEY });
}
