import { useKeepSnapshot } from '@/app/offline/useKeepSnapshot';
import { useSessionUser } from '@/app/session/SessionProvider';
import { CauseListSummary } from '@/features/causelists/CauseListSummary';
import { DashboardPage } from '@/features/dashboard/pages/DashboardPage';
import { useTodayAttendance, useTodayCases, useTotalCases, useWeekCases } from '@/features/dashboard/queries';
import { DashboardClashes } from '@/features/firm/components/DashboardClashes';
import { todayIsoDate } from '@/lib/dates';

/** The dashboard with the cause-list summary of its neighbour feature (see CaseDetailRoute.tsx). */
export function DashboardRoute() {
  return (
    <>
      <KeepDashboard />
      <DashboardPage causeLists={<CauseListSummary />} clashes={<DashboardClashes />} />
    </>
  );
}

/**
 * A sibling of the page, drawing nothing: it follows every answer of the page's queries, and the
 * page is not drawn again for it (issue 17: each answer redrew the whole dashboard on a phone).
 */
function KeepDashboard() {
  useKeepDashboard();
  return null;
}

/**
 * Keeps the dashboard as drawn for the next opening (app/offline/snapshot), once its lists hold the
 * server's answers: the page's own queries, read from the same cache.
 */
function useKeepDashboard() {
  const user = useSessionUser();
  const today = todayIsoDate();
  const todayCases = useTodayCases(today);
  const attendance = useTodayAttendance(today);
  const week = useWeekCases();
  const total = useTotalCases();
  useKeepSnapshot(
    user?.id,
    todayCases.isSuccess && week.isSuccess && !todayCases.isFetching && !week.isFetching,
    `${String(todayCases.dataUpdatedAt)} ${String(week.dataUpdatedAt)} ${String(total.dataUpdatedAt)} ${String(attendance.dataUpdatedAt)}`,
  );
}
