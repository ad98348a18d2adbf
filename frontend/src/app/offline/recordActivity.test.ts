import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { createQueryOptions } from '@connectrpc/connect-query';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivitySchema, CaseSchema, CaseService, type Activity, type Case } from '@gen/kesi/v1/case_pb';
import { RECORD_ACTIVITY_KEY, type RecordOutcomeResult, type RecordOutcomeVariables } from '@/api/outcome';
import { fromIsoDate, toIsoDate } from '@/lib/dates';
import { installDiaryCalls } from '../ConnectLayout';
import { createQueryClient } from '../queryClient';

const TODAY = '2026-11-23';
const NEXT = '2026-11-30';

/** A stand-in server with one case sitting today; it counts every call it answers. */
function fakeServer() {
  const calls: string[] = [];
  let kase: Case = create(CaseSchema, {
    id: 'c1',
    caseId: 'HCCC E1 of 2026',
    parties: 'A v B',
    activity: 'Hearing',
    activityDate: fromIsoDate(TODAY),
    status: 'Pending',
  });
  const activities: Activity[] = [create(ActivitySchema, { id: 'a1', activity: 'Hearing', activityDate: fromIsoDate(TODAY), caseId: kase.caseId })];
  const transport = createRouterTransport(({ service }) => {
    service(CaseService, {
      getCaseByCaseId: () => (calls.push('GetCaseByCaseId'), { case: kase }),
      listCaseActivities: () => (calls.push('ListCaseActivities'), { activities: [...activities] }),
      listScheduledCases: (req) => (calls.push('ListScheduledCases'), { cases: toIsoDate(req.date) === toIsoDate(kase.activityDate) ? [kase] : [] }),
      listWeekCases: () => (calls.push('ListWeekCases'), { cases: [kase] }),
      listCases: () => (calls.push('ListCases'), { cases: [kase] }),
      recordActivity: (req) => {
        calls.push('RecordActivity');
        const first = activities[0];
        if (first) activities[0] = { ...first, outcome: req.outcome };
        const next = create(ActivitySchema, { id: 'a2', activity: req.nextActivity, activityDate: req.nextDate, caseId: kase.caseId });
        activities.unshift(next);
        kase = { ...kase, activity: req.nextActivity, activityDate: req.nextDate };
        return { case: kase, next };
      },
    });
  });
  return { transport, calls };
}

/** A screen showing this call's answer: an observer that stays subscribed, as a mounted component does. */
function show(client: QueryClient, options: object) {
  const observer = new QueryObserver(client, options as never);
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

const settled = (client: QueryClient) => vi.waitFor(() => {
  expect(client.isFetching()).toBe(0);
});

describe('recording an outcome', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('costs one write and at most one read, and every screen open shows the answer', async () => {
    const { transport, calls } = fakeServer();
    const client = createQueryClient();
    installDiaryCalls(client, transport);
    const m = CaseService.method;
    const kase = { caseId: 'HCCC E1 of 2026' };
    // The case page and the dashboard are open: the case, its activities, today, the week, the count.
    const screens = [
      show(client, createQueryOptions(m.getCaseByCaseId, kase, { transport })),
      show(client, createQueryOptions(m.listCaseActivities, kase, { transport })),
      show(client, createQueryOptions(m.listScheduledCases, { date: fromIsoDate(TODAY) }, { transport })),
      show(client, createQueryOptions(m.listWeekCases, {}, { transport })),
      show(client, createQueryOptions(m.listCases, {}, { transport })),
    ];
    cleanups.push(...screens.map((s) => s.unsubscribe));
    await settled(client);
    expect(calls).toHaveLength(5);
    calls.length = 0;

    const record = new MutationObserver<RecordOutcomeResult, Error, RecordOutcomeVariables>(client, { mutationKey: RECORD_ACTIVITY_KEY });
    await record.mutate({
      id: 'c1',
      values: { outcome: 'Adjourned', next_date: NEXT, next_activity: 'Mention', next_time: '09:00', status: '' },
      requestId: 'key-1',
    });
    await settled(client);

    expect(calls.filter((c) => c === 'RecordActivity')).toHaveLength(1);
    expect(calls.filter((c) => c !== 'RecordActivity').length).toBeLessThanOrEqual(1);
    expect(calls).toHaveLength(2);

    const [detail, acts, , , all] = screens.map((s) => s.observer.getCurrentResult().data as { case?: Case; cases?: Case[]; activities?: Activity[] });
    expect(toIsoDate(detail?.case?.activityDate)).toBe(NEXT);
    expect(acts?.activities?.map((a) => a.outcome)).toContain('Adjourned');
    expect(all?.cases?.map((c) => toIsoDate(c.activityDate))).toEqual([NEXT]);
    // The next sitting's day, when the calendar opens it, shows the case from the answer.
    const day = client.getQueryData(createQueryOptions(m.listScheduledCases, { date: fromIsoDate(NEXT) }, { transport }).queryKey);
    expect(day).toBeUndefined(); // not opened yet: nothing invented for a day nobody read
  });
});
