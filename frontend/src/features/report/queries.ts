import { Code, ConnectError } from '@connectrpc/connect';
import { useQuery } from '@connectrpc/connect-query';
import { CaseService, type ListReportCasesResponse } from '@gen/kesi/v1/case_pb';
import { toIsoDate } from '@/lib/dates';

const reportOf = (res: ListReportCasesResponse) => ({ start: toIsoDate(res.start), end: toIsoDate(res.end), cases: res.cases });

/** The server decides who may see the report: these codes mean "subscribe first". */
export function isSubscriptionRequired(err: unknown): boolean {
  const code = ConnectError.from(err).code;
  return code === Code.PermissionDenied || code === Code.FailedPrecondition;
}

/** Cases from today to the subscription's end, with the window's dates. */
export function useReportCases() {
  return useQuery(CaseService.method.listReportCases, {}, {
    select: reportOf,
    retry: (count, err) => !isSubscriptionRequired(err) && count < 1,
  });
}
