import type { Case } from '@gen/kesi/v1/case_pb';
import { toIsoDate } from '@/lib/dates';

/** SPEC.md section 5: newest activity date first, cases without a date last. */
export function byActivityDateDesc(a: Case, b: Case): number {
  const da = toIsoDate(a.activityDate);
  const db = toIsoDate(b.activityDate);
  if (!da && !db) return 0;
  if (!da) return 1;
  if (!db) return -1;
  return db.localeCompare(da);
}

/** Sorted unique non-empty values of a field over the loaded cases. */
export function optionsOf(cases: readonly Case[], field: 'lawCourt' | 'status'): string[] {
  return [...new Set(cases.map((c) => c[field].trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

export interface NotificationFilters {
  court: string | null;
  status: string | null;
}

/** Splits the cases into the two tabs, each filtered and sorted. */
export function splitTabs(cases: readonly Case[], { court, status }: NotificationFilters) {
  const kept = cases
    .filter((c) => (!court || c.lawCourt.trim() === court) && (!status || c.status.trim() === status))
    .sort(byActivityDateDesc);
  return { notifications: kept.filter((c) => !c.markUpdated), pending: kept.filter((c) => c.markUpdated) };
}
