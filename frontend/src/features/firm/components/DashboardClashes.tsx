import { addToIsoDate, todayIsoDate } from '@/lib/dates';
import { useClashes, useFirm } from '../queries';
import { ClashList } from './ClashList';

/** Days ahead the dashboard looks for clashes: today and the next two weeks. */
const AHEAD_DAYS = 13;

/** The dashboard's clash warning: nothing when there is no firm or no clash. */
export function DashboardClashes() {
  const firm = useFirm();
  const today = todayIsoDate();
  const clashes = useClashes(today, addToIsoDate(today, { days: AHEAD_DAYS }), Boolean(firm.data));
  if (!firm.data || !clashes.data) return null;
  return <ClashList clashes={clashes.data} />;
}
