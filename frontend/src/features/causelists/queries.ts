import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { CauseListService, type ListCauseListMatchesResponse } from '@gen/kesi/v1/causelist_pb';
import { useTransport } from '@/api/connect';
import { serviceKey } from '@/api/keys';
import { useListFreshness } from '@/hooks/useListFreshness';
import { fromIsoDate } from '@/lib/dates';

const m = CauseListService.method;
const matchesOf = (r: ListCauseListMatchesResponse) => r.matches;

/** The signed-in advocate's findings listed from start to end ('YYYY-MM-DD', both included). */
export function useCauseListMatches(start: string, end: string) {
  return useQuery(
    m.listCauseListMatches,
    { start: fromIsoDate(start), end: fromIsoDate(end) },
    { select: matchesOf, ...useListFreshness(), retry: 1 },
  );
}

/** Uploads a list the advocate received; the answer says what it holds for their cases. */
export function useUploadCauseList() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const content = new Uint8Array(await file.arrayBuffer());
      return callUnaryMethod(transport, m.uploadCauseList, { fileName: file.name, content });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKey(CauseListService) }),
  });
}

/** Adopts a NEW_DATE into the diary: the case's next date changes, so the findings and the case views refetch. */
export function useApplyCauseListMatch() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.applyCauseListMatch, { id });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKey(CauseListService) }),
        queryClient.invalidateQueries({ queryKey: serviceKey(CaseService) }),
      ]),
  });
}

export function useDismissCauseListMatch() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.dismissCauseListMatch, { id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKey(CauseListService) }),
  });
}
