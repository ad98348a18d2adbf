import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { keepPreviousData, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CaseService,
  GetCaseByCaseIdResponseSchema,
  GetCaseResponseSchema,
  type Case,
  type GetCaseByCaseIdResponse,
  type GetCaseResponse,
  type ListCaseActivitiesResponse,
  type ListCasesResponse,
} from '@gen/kesi/v1/case_pb';
import { useTransport } from '@/api/connect';
import { callKey, serviceKey } from '@/api/keys';
import { useListFreshness } from '@/hooks/useListFreshness';

export {
  newCaseRequest,
  useCreateCase,
  useLastOutcomes,
  useRecordOutcome,
  type NewCaseValues,
  type OutcomeValues,
} from '@/api/cases';

const m = CaseService.method;

const casesOf = (r: ListCasesResponse) => r.cases;
const activitiesOf = (r: ListCaseActivitiesResponse) => r.activities;
const caseOf = (r: GetCaseByCaseIdResponse | GetCaseResponse): Case => {
  if (!r.case) throw new Error('Failed to load case details');
  return r.case;
};

/** All of the lawyer's cases; SPEC.md section 9: the cases screen retries once. */
export function useCases() {
  return useQuery(m.listCases, {}, { select: casesOf, ...useListFreshness(), retry: 1 });
}

/**
 * One case by its court number. A case never asked for starts from its row in the list of all
 * cases, dated as that list (TanStack's initial data from the cache): the diary keeps the list on
 * the device, so any case opens without signal (issue 17) without keeping a second copy of every
 * case. A case passed as navigation state paints first otherwise. With ref (the internal id,
 * ?ref= in the link) the case is that one, never the lawyer's own of the same number.
 */
export function useCase(caseId: string, initial?: Case, ref?: string) {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const listKey = callKey(m.listCases, {}, transport);
  const byNumber = useQuery(m.getCaseByCaseId, ref ? skipToken : { caseId }, {
    select: caseOf,
    initialData: () => {
      const row = queryClient.getQueryData(listKey)?.cases.find((c) => c.caseId === caseId);
      return row && create(GetCaseByCaseIdResponseSchema, { case: row });
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
    placeholderData: initial?.caseId === caseId ? create(GetCaseByCaseIdResponseSchema, { case: initial }) : undefined,
    retry: 1,
  });
  // By its internal id: a colleague's shared case, whose number the lawyer's own case may have too.
  const byRef = useQuery(m.getCase, ref ? { id: ref } : skipToken, {
    select: caseOf,
    placeholderData: ref && initial?.id === ref ? create(GetCaseResponseSchema, { case: initial }) : undefined,
    retry: 1,
  });
  return ref ? byRef : byNumber;
}

/** A case's activities, newest first. */
export function useCaseActivities(caseId: string, ref?: string) {
  return useQuery(m.listCaseActivities, ref ? { caseId, id: ref } : { caseId }, {
    select: activitiesOf,
    placeholderData: keepPreviousData,
  });
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

