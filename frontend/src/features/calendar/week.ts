import { useQuery } from '@connectrpc/connect-query';
import { CaseService, type Case } from '@gen/kesi/v1/case_pb';
import { fromIsoDate, toIsoDate } from '@/lib/dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** The seven days ('YYYY-MM-DD'), Monday to Sunday, of the week a date falls in. */
export function weekDays(date: string): string[] {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(day);
  monday.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => {
    const x = new Date(monday);
    x.setUTCDate(monday.getUTCDate() + i);
    return `${x.getUTCFullYear()}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}`;
  });
}

/** The server's rows (date, then time) under each day of the week, in the order they came. */
export function byDay(days: readonly string[], cases: readonly Case[]): { date: string; cases: Case[] }[] {
  return days.map((date) => ({ date, cases: cases.filter((c) => toIsoDate(c.activityDate) === date) }));
}

/** The sittings of the week a date falls in, day by day: one call, the calendar's range call. */
export function useWeekSittings(date: string) {
  const days = weekDays(date);
  const start = days[0] ?? date;
  const end = days[6] ?? date;
  return useQuery(
    CaseService.method.listCasesBetween,
    { start: fromIsoDate(start), end: fromIsoDate(end) },
    { select: (res) => byDay(days, res.cases) },
  );
}
