import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CaseService,
  RecordActivityRequestSchema,
  type ListCasesBetweenResponse,
  type ListCasesResponse,
  type ListScheduledCasesResponse,
} from '@gen/kesi/v1/case_pb';
import { useTransport } from '@/api/connect';
import { applyRecorded } from '@/api/outcome';
import { useListFreshness } from '@/hooks/useListFreshness';
import { fromIsoDate, toIsoDate } from '@/lib/dates';

const m = CaseService.method;

const scheduledOf = (r: ListScheduledCasesResponse) => r.cases;
const casesOf = (r: ListCasesResponse) => r.cases;
const hearingDaysOf = (r: ListCasesBetweenResponse) => new Set(r.cases.map((c) => toIsoDate(c.activityDate)).filter(Boolean));

/** The hearings of one day ('YYYY-MM-DD'), earliest time first; the dashboard's today is the same call. */
export function useDayCases(date: string) {
  return useQuery(m.listScheduledCases, { date: fromIsoDate(date) }, { select: scheduledOf, ...useListFreshness() });
}

/** The days between start and end ('YYYY-MM-DD') that have at least one hearing. */
export function useHearingDays(start: string, end: string) {
  return useQuery(
    m.listCasesBetween,
    { start: fromIsoDate(start), end: fromIsoDate(end) },
    { select: hearingDaysOf, placeholderData: keepPreviousData },
  );
}

/** Every case, to choose the one a hearing is scheduled on (the cases screen's call). */
export function useCaseChoices(enabled: boolean) {
  return useQuery(m.listCases, {}, { select: casesOf, enabled });
}

export interface HearingValues {
  case: string;
  date: string;
  activity: string;
  time: string;
}

/** Schedules the next sitting of a case: an activity on its date; the answer goes into the cache. */
export function useScheduleHearing() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: HearingValues) =>
      callUnaryMethod(
        transport,
        m.recordActivity,
        create(RecordActivityRequestSchema, {
          id: v.case,
          nextDate: fromIsoDate(v.date),
          nextActivity: v.activity,
          nextTime: v.time,
        }),
      ),
    onSuccess: (res) => (res.case ? applyRecorded(queryClient, res.case, transport) : undefined),
  });
}
