import type { QueryClient } from '@tanstack/react-query';
import type { Case } from '@gen/kesi/v1/case_pb';
import { caseClient } from '@/api/connect';
import { calendarKeys } from '@/features/calendar/queries';
import { caseKeys } from '@/features/cases/queries';
import { dashboardKeys } from '@/features/dashboard/queries';
import { fromIsoDate, toIsoDate, todayIsoDate } from '@/lib/dates';

/** The days of sittings kept on the device ahead of today. */
export const DAYS_AHEAD = 14;

/** 'YYYY-MM-DD' plus n days (calendar arithmetic in UTC, so no daylight-saving drift). */
export function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The sittings of each day from `start` for `days` days, earliest time first; days without any are empty. */
export function sittingsByDay(rows: readonly Case[], start: string, days: number): Map<string, Case[]> {
  const byDay = new Map<string, Case[]>();
  for (let i = 0; i <= days; i++) byDay.set(addDays(start, i), []);
  for (const c of rows) byDay.get(toIsoDate(c.activityDate))?.push(c);
  for (const list of byDay.values()) list.sort((a, b) => (a.time || '99:99').localeCompare(b.time || '99:99'));
  return byDay;
}

/**
 * Fills the cache with what an advocate needs at court without signal, right after sign-in (and
 * on each start with signal): today, this week, the next 14 days of sittings day by day, every
 * case's summary, and the activities of today's cases. Four calls plus one per case of today;
 * each answer lands under the keys the screens read, so they paint from it offline.
 */
export async function prefetchDiary(client: QueryClient, today: string = todayIsoDate()): Promise<void> {
  const api = caseClient();
  const end = addDays(today, DAYS_AHEAD);
  const [todays, , all, ahead] = await Promise.all([
    client.query({
      queryKey: dashboardKeys.today(today),
      queryFn: async () => (await api.listScheduledCases({ date: fromIsoDate(today) })).cases,
    }),
    client.query({
      queryKey: dashboardKeys.week(),
      queryFn: async () => (await api.listWeekCases({})).cases,
    }),
    client.query({
      queryKey: caseKeys.list(),
      queryFn: async () => (await api.listCases({})).cases,
    }),
    api.listCasesBetween({ start: fromIsoDate(today), end: fromIsoDate(end) }),
  ]);
  client.setQueryData(dashboardKeys.total(), all.length);
  for (const [day, cases] of sittingsByDay(ahead.cases, today, DAYS_AHEAD)) {
    client.setQueryData(calendarKeys.day(day), cases);
  }
  for (const c of all) {
    if (client.getQueryData(caseKeys.detail(c.caseId)) === undefined) client.setQueryData(caseKeys.detail(c.caseId), c);
  }
  await Promise.all(
    todays.map((c) =>
      client.query({
        queryKey: caseKeys.activities(c.caseId),
        queryFn: async () => (await api.listCaseActivities({ caseId: c.caseId })).activities,
      }),
    ),
  );
}
