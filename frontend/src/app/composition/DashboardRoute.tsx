import { CauseListSummary } from '@/features/causelists/CauseListSummary';
import { DashboardPage } from '@/features/dashboard/pages/DashboardPage';
import { DashboardClashes } from '@/features/firm/components/DashboardClashes';

/** The dashboard with the cause-list summary of its neighbour feature (see CaseDetailRoute.tsx). */
export function DashboardRoute() {
  return <DashboardPage causeLists={<CauseListSummary />} clashes={<DashboardClashes />} />;
}
