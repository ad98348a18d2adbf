import { Code, ConnectError } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { caseClient, useTransport } from '@/api/connect';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { toIsoDate } from '@/lib/dates';

export const reportKeys = {
  all: [CASES_ROOT, 'report'] as const,
};

/** The server decides who may see the report: these codes mean "subscribe first". */
export function isSubscriptionRequired(err: unknown): boolean {
  const code = ConnectError.from(err).code;
  return code === Code.PermissionDenied || code === Code.FailedPrecondition;
}

/** Cases from today to the subscription's end, with the window's dates. */
export function useReportCases() {
  const transport = useTransport();
  return useQuery({
    queryKey: reportKeys.all,
    queryFn: async ({ signal }) => {
      const res = await caseClient(transport).listReportCases({}, { signal });
      return { start: toIsoDate(res.start), end: toIsoDate(res.end), cases: res.cases };
    },
    retry: (count, err) => !isSubscriptionRequired(err) && count < 1,
  });
}
