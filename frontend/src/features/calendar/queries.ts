import { create } from '@bufbuild/protobuf';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordActivityRequestSchema } from '@gen/kesi/v1/case_pb';
import { caseClient, useTransport } from '@/api/connect';
import { useListFreshness } from '@/components/useListFreshness';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { fromIsoDate, toIsoDate } from '@/lib/dates';

export const calendarKeys = {
  all: [CASES_ROOT, 'calendar'] as const,
  day: (date: string) => [...calendarKeys.all, 'day', date] as const,
  between: (start: string, end: string) => [...calendarKeys.all, 'between', start, end] as const,
  cases: () => [...calendarKeys.all, 'cases'] as const,
};

/** The hearings of one day ('YYYY-MM-DD'), earliest time first. */
export function useDayCases(date: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: calendarKeys.day(date),
    queryFn: async ({ signal }) =>
      (await caseClient(transport).listScheduledCases({ date: fromIsoDate(date) }, { signal })).cases,
    ...useListFreshness(),
  });
}

/** The days between start and end ('YYYY-MM-DD') that have at least one hearing. */
export function useHearingDays(start: string, end: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: calendarKeys.between(start, end),
    queryFn: async ({ signal }) => {
      const res = await caseClient(transport).listCasesBetween(
        { start: fromIsoDate(start), end: fromIsoDate(end) },
        { signal },
      );
      return new Set(res.cases.map((c) => toIsoDate(c.activityDate)).filter(Boolean));
    },
    placeholderData: keepPreviousData,
  });
}

/** Every case, to choose the one a hearing is scheduled on. */
export function useCaseChoices(enabled: boolean) {
  const transport = useTransport();
  return useQuery({
    queryKey: calendarKeys.cases(),
    queryFn: async ({ signal }) => (await caseClient(transport).listCases({}, { signal })).cases,
    enabled,
  });
}

export interface HearingValues {
  case: string;
  date: string;
  activity: string;
  time: string;
}

/** Schedules the next sitting of a case: an activity on its date. */
export function useScheduleHearing() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: HearingValues) =>
      caseClient(transport).recordActivity(
        create(RecordActivityRequestSchema, {
          id: v.case,
          nextDate: fromIsoDate(v.date),
          nextActivity: v.activity,
          nextTime: v.time,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CASES_ROOT] }),
  });
}
