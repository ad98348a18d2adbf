import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseService, type ListCasesNeedingUpdateResponse } from '@gen/kesi/v1/case_pb';
import { useTransport } from '@/api/connect';
import { callKey } from '@/api/keys';
import { useListFreshness } from '@/hooks/useListFreshness';

const m = CaseService.method;

const needingUpdateOf = (res: ListCasesNeedingUpdateResponse) => ({
  stats: { markedUpdated: res.stats?.markedUpdated ?? 0, notification: res.stats?.notification ?? 0, total: res.stats?.total ?? 0 },
  cases: res.cases,
});

/**
 * The cases needing an update with their counts; SPEC.md section 9: one retry. The shell's badge
 * (app/shell/useNotificationCount.ts) reads the same call under the same key.
 */
export function useCasesNeedingUpdate() {
  return useQuery(m.listCasesNeedingUpdate, {}, { select: needingUpdateOf, ...useListFreshness(), retry: 1 });
}

/** Marks a case updated: the list and the shell's badge count (the same entry) are read again. */
export function useMarkCaseUpdated() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.markCaseUpdated, { id, markUpdated: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey(m.listCasesNeedingUpdate, {}, transport) }),
  });
}
