import { createClient } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CauseListService } from '@gen/kesi/v1/causelist_pb';
import { useTransport } from '@/api/connect';
import { useListFreshness } from '@/components/useListFreshness';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { fromIsoDate } from '@/lib/dates';

/** Under the cases root: a refreshed session or a changed diary refetches the findings too. */
export const causeListKeys = {
  all: [CASES_ROOT, 'cause-lists'] as const,
  range: (start: string, end: string) => [CASES_ROOT, 'cause-lists', start, end] as const,
};

/** The signed-in advocate's findings listed from start to end ('YYYY-MM-DD', both included). */
export function useCauseListMatches(start: string, end: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: causeListKeys.range(start, end),
    queryFn: async ({ signal }) => {
      const res = await createClient(CauseListService, transport).listCauseListMatches(
        { start: fromIsoDate(start), end: fromIsoDate(end) },
        { signal },
      );
      return res.matches;
    },
    ...useListFreshness(),
    retry: 1,
  });
}

/** Uploads a list the advocate received; the answer says what it holds for their cases. */
export function useUploadCauseList() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const content = new Uint8Array(await file.arrayBuffer());
      return createClient(CauseListService, transport).uploadCauseList({ fileName: file.name, content });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: causeListKeys.all }),
  });
}

/** Adopts a NEW_DATE into the diary: the case's next date changes, so every case view refetches. */
export function useApplyCauseListMatch() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await createClient(CauseListService, transport).applyCauseListMatch({ id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CASES_ROOT] }),
  });
}

export function useDismissCauseListMatch() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await createClient(CauseListService, transport).dismissCauseListMatch({ id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: causeListKeys.all }),
  });
}
