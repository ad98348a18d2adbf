import { useQuery } from '@tanstack/react-query';
import { caseClient, useTransport } from '@/api/connect';
import { useListFreshness } from '@/components/useListFreshness';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { fromIsoDate } from '@/lib/dates';

export const dashboardKeys = {
  all: [CASES_ROOT, 'dashboard'] as const,
  today: (date: string) => [...dashboardKeys.all, 'today', date] as const,
  week: () => [...dashboardKeys.all, 'week'] as const,
  total: () => [...dashboardKeys.all, 'total'] as const,
};

/** SPEC.md section 9: dashboard case queries retry twice. */
const RETRY = 2;

export function useTodayCases(today: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: dashboardKeys.today(today),
    queryFn: async ({ signal }) =>
      (await caseClient(transport).listScheduledCases({ date: fromIsoDate(today) }, { signal })).cases,
    ...useListFreshness(),
    retry: RETRY,
  });
}

export function useWeekCases() {
  const transport = useTransport();
  return useQuery({
    queryKey: dashboardKeys.week(),
    queryFn: async ({ signal }) => (await caseClient(transport).listWeekCases({}, { signal })).cases,
    ...useListFreshness(),
    retry: RETRY,
  });
}

export function useTotalCases() {
  const transport = useTransport();
  return useQuery({
    queryKey: dashboardKeys.total(),
    queryFn: async ({ signal }) => (await caseClient(transport).listCases({}, { signal })).cases.length,
    ...useListFreshness(),
    retry: RETRY,
  });
}
