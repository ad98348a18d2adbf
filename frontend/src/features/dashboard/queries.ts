import { useQuery } from '@connectrpc/connect-query';
import { CaseService, type ListCasesResponse, type ListScheduledCasesResponse, type ListWeekCasesResponse } from '@gen/kesi/v1/case_pb';
import { useListFreshness } from '@/hooks/useListFreshness';
import { fromIsoDate } from '@/lib/dates';

const m = CaseService.method;

/** SPEC.md section 9: dashboard case queries retry twice. */
const RETRY = 2;

const todayOf = (r: ListScheduledCasesResponse) => r.cases;
const weekOf = (r: ListWeekCasesResponse) => r.cases;
const totalOf = (r: ListCasesResponse) => r.cases.length;

/** Today's sittings: the calendar's day call for today, under the same key. */
export function useTodayCases(today: string) {
  return useQuery(m.listScheduledCases, { date: fromIsoDate(today) }, { select: todayOf, ...useListFreshness(), retry: RETRY });
}

/**
 * Who attends each of today's sittings, in the order of useTodayCases (a firm's sitting assigned
 * to a member says to whom, and by whom): the same call and key, so no second request.
 */
export function useTodayAttendance(today: string) {
  return useQuery(m.listScheduledCases, { date: fromIsoDate(today) }, { select: attendanceOf, ...useListFreshness(), retry: RETRY });
}

const attendanceOf = (r: ListScheduledCasesResponse) =>
  r.entries.map((e) => (e.sitting?.attendedByName ? { attendedBy: e.sitting.attendedByName, assignedBy: e.sitting.assignedByName } : null));

export function useWeekCases() {
  return useQuery(m.listWeekCases, {}, { select: weekOf, ...useListFreshness(), retry: RETRY });
}

/** The number of cases: the cases screen's list, counted. */
export function useTotalCases() {
  return useQuery(m.listCases, {}, { select: totalOf, ...useListFreshness(), retry: RETRY });
}
