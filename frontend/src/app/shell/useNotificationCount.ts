import { useQuery } from '@tanstack/react-query';
import { caseClient, useTransport } from '@/api/connect';

/**
 * The badge's query key, under the notifications screen's ['cases', 'needing-update'] so that
 * marking a case there (which invalidates that prefix) refreshes the badge too.
 */
export const notificationCountKey = ['cases', 'needing-update', 'count'] as const;

/**
 * The number of cases on the Notifications tab (stats.notification). SPEC.md section 9:
 * refetched every 3 minutes, stale after 2, no background refetch.
 */
export function useNotificationCount(enabled: boolean): number {
  const transport = useTransport();
  const query = useQuery({
    queryKey: notificationCountKey,
    queryFn: async ({ signal }) => (await caseClient(transport).listCasesNeedingUpdate({}, { signal })).stats?.notification ?? 0,
    refetchInterval: 3 * 60_000,
    refetchIntervalInBackground: false,
    staleTime: 2 * 60_000,
    enabled,
  });
  return query.data ?? 0;
}
