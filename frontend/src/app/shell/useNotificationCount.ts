import { useQuery } from '@connectrpc/connect-query';
import { CaseService, type ListCasesNeedingUpdateResponse } from '@gen/kesi/v1/case_pb';

const countOf = (res: ListCasesNeedingUpdateResponse) => res.stats?.notification ?? 0;

/**
 * The number of cases on the Notifications tab (stats.notification), from the Notifications
 * screen's own call and cache entry, so marking a case there moves the badge too. SPEC.md
 * section 9: refetched every 3 minutes, stale after 2, no background refetch.
 */
export function useNotificationCount(enabled: boolean): number {
  const query = useQuery(CaseService.method.listCasesNeedingUpdate, {}, {
    select: countOf,
    refetchInterval: 3 * 60_000,
    refetchIntervalInBackground: false,
    staleTime: 2 * 60_000,
    enabled,
  });
  return query.data ?? 0;
}
