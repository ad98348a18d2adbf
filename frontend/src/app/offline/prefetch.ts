import { create, type DescMessage, type DescMethodUnary, type MessageInitShape } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod, createQueryOptions } from '@connectrpc/connect-query';
import type { QueryClient } from '@tanstack/react-query';
import { CaseService, ListScheduledCasesResponseSchema, type Case } from '@gen/kesi/v1/case_pb';
import { transport as appTransport } from '@/api/connect';
import { setCallData } from '@/api/keys';
import { fromIsoDate, toIsoDate, todayIsoDate } from '@/lib/dates';

const m = CaseService.method;

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
 * case's summary (the list of all cases, which the case page paints from: useCase), and the
 * activities of today's cases. Four calls plus one per case of today; each answer lands under the
 * key the screens read (connect-query's key for their call and input), so they paint from it
 * offline.
 */
export async function prefetchDiary(client: QueryClient, today: string = todayIsoDate(), transport: Transport = appTransport): Promise<void> {
  const query = <I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>, input: MessageInitShape<I>) =>
    client.query(createQueryOptions(schema, input, { transport }));
  const end = addDays(today, DAYS_AHEAD);
  const [todays, , , ahead] = await Promise.all([
    query(m.listScheduledCases, { date: fromIsoDate(today) }),
    query(m.listWeekCases, {}),
    query(m.listCases, {}),
    callUnaryMethod(transport, m.listCasesBetween, { start: fromIsoDate(today), end: fromIsoDate(end) }),
  ]);
  for (const [day, cases] of sittingsByDay(ahead.cases, today, DAYS_AHEAD)) {
    if (day === today) continue; // today's own answer is in already
    setCallData(client, m.listScheduledCases, { date: fromIsoDate(day) }, create(ListScheduledCasesResponseSchema, { cases }), transport);
  }
  await Promise.all(todays.cases.map((c) => query(m.listCaseActivities, { caseId: c.caseId })));
}
