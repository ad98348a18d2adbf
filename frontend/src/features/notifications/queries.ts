import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { caseClient, useTransport } from '@/api/connect';
import { useListFreshness } from '@/components/useListFreshness';
import { notificationCountKey } from '@/app/shell/useNotificationCount';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';

export const notificationKeys = {
  all: [CASES_ROOT, 'needing-update'] as const,
};

/** The cases needing an update with their counts; SPEC.md section 9: one retry. */
export function useCasesNeedingUpdate() {
  const transport = useTransport();
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: async ({ signal }) => {
      const res = await caseClient(transport).listCasesNeedingUpdate({}, { signal });
      return {
        stats: { markedUpdated: res.stats?.markedUpdated ?? 0, notification: res.stats?.notification ?? 0, total: res.stats?.total ?? 0 },
        cases: res.cases,
      };
    },
    ...useListFreshness(),
    retry: 1,
  });
}

export function useMarkCaseUpdated() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await caseClient(transport).markCaseUpdated({ id, markUpdated: true });
    },
    // The case moves to Pending and the shell's badge count falls.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationCountKey }),
      ]),
  });
}
