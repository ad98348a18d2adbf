import { CauseListMatchKind, type CauseListMatch } from '@gen/kesi/v1/causelist_pb';
import type { Date as CalendarDate } from '@gen/google/type/date_pb';
import { fromIsoDate, toIsoDate } from '@/lib/dates';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function utcDay(d: CalendarDate): Date {
  const x = new Date(0);
  x.setUTCFullYear(d.year, d.month - 1, d.day);
  return x;
}

/** A court day as Kenyan lists and diaries write it: "Tue 8 Dec 2026". */
export function kenyanDay(value: CalendarDate | string | undefined): string {
  const d = typeof value === 'string' ? fromIsoDate(value) : value;
  if (!d || toIsoDate(d) === '') return '';
  return `${WEEKDAYS[utcDay(d).getUTCDay()]} ${String(d.day)} ${MONTHS[d.month - 1]} ${String(d.year)}`;
}

/** 'YYYY-MM-DD' n days after iso. */
export function addDays(iso: string, n: number): string {
  const d = fromIsoDate(iso);
  if (!d) return '';
  const x = utcDay(d);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
}

/** The next weekday after today: Friday's and Saturday's "tomorrow" in the courts is Monday. */
export function nextCourtDay(today: string): string {
  let d = addDays(today, 1);
  for (;;) {
    const day = fromIsoDate(d);
    if (!day) return d;
    const weekday = utcDay(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return d;
    d = addDays(d, 1);
  }
}

export interface DayGroup {
  day: string;
  matches: CauseListMatch[];
}

/** Findings grouped by day, days in order, each day's in the order the server gave (by time). */
export function groupByDay(matches: CauseListMatch[]): DayGroup[] {
  const groups = new Map<string, CauseListMatch[]>();
  for (const m of matches) {
    const day = toIsoDate(m.listedDate);
    const list = groups.get(day) ?? [];
    list.push(m);
    groups.set(day, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, ms]) => ({ day, matches: ms }));
}

export const KIND = {
  [CauseListMatchKind.LISTED]: { label: 'Listed', color: 'green' },
  [CauseListMatchKind.NEW_DATE]: { label: 'New date', color: 'orange' },
  [CauseListMatchKind.NOT_LISTED]: { label: 'Not listed', color: 'red' },
  [CauseListMatchKind.UNSPECIFIED]: { label: 'Unknown', color: 'gray' },
} as const;

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** "3 of your matters listed, 1 not found" (and moved ones, when there are). */
export function summary(matches: CauseListMatch[]): string {
  const count = (k: CauseListMatchKind) => matches.filter((m) => m.kind === k).length;
  const listed = count(CauseListMatchKind.LISTED) + count(CauseListMatchKind.NEW_DATE);
  const moved = count(CauseListMatchKind.NEW_DATE);
  const missing = count(CauseListMatchKind.NOT_LISTED);
  if (listed === 0 && missing === 0) return 'none of your matters found';
  const parts = [`${plural(listed, 'of your matters', 'of your matters')} listed`];
  if (moved > 0) parts.push(`${String(moved)} on a new date`);
  if (missing > 0) parts.push(`${String(missing)} not found`);
  return parts.join(', ');
}
