import type { Case } from '@gen/kesi/v1/case_pb';
import { toIsoDate } from '@/lib/dates';

export interface DateGroup {
  /** 'YYYY-MM-DD', or '' for rows without a date. */
  date: string;
  cases: Case[];
}

/** SPEC.md section 2: the report's cases grouped by activity date, ascending; undated rows last. */
export function groupByDate(cases: readonly Case[]): DateGroup[] {
  const groups = new Map<string, Case[]>();
  for (const c of cases) {
    const date = toIsoDate(c.activityDate);
    const list = groups.get(date);
    if (list) list.push(c);
    else groups.set(date, [c]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([date, list]) => ({ date, cases: list }));
}
