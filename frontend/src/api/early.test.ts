import { create, toJson } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import { CaseSchema, CaseService, ListScheduledCasesResponseSchema } from '@gen/kesi/v1/case_pb';
import { fromIsoDate, todayIsoDate } from '@/lib/dates';
import { createEarlyAnswerInterceptor } from './connect';
import { EARLY_PROCEDURE, startEarlyCall, takeEarlyAnswer, todayBody } from './early';

// 21:30 UTC on 22 November is 00:30 on the 23rd in Nairobi: the early call asks for the courts' day.
const justAfterMidnight = new Date('2026-11-22T21:30:00Z');

/** Today's date message as the dashboard asks for it (lib/dates). */
const todayOf = (now: Date) => fromIsoDate(todayIsoDate(now));

function answering(cases: string[]) {
  const body = toJson(ListScheduledCasesResponseSchema, create(ListScheduledCasesResponseSchema, { cases: cases.map((caseId) => create(CaseSchema, { caseId })) }));
  return vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })));
}

/** The app's transport over a stand-in server that counts the calls reaching it. */
function server() {
  const calls: string[] = [];
  const routes = (router: ConnectRouter) =>
    router.service(CaseService, {
      listScheduledCases(req) {
        calls.push(`${req.date?.year}-${req.date?.month}-${req.date?.day}`);
        return { cases: [create(CaseSchema, { caseId: 'FROM-SERVER' })] };
      },
    });
  const transport = createRouterTransport(routes, { transport: { interceptors: [createEarlyAnswerInterceptor()] } });
  return { calls, client: createClient(CaseService, transport) };
}

describe('the early call of today\u2019s sittings', () => {
  it('asks for the day in Nairobi, in the form the Connect codec writes', () => {
    expect(todayBody(justAfterMidnight)).toBe('{"date":{"year":2026,"month":11,"day":23}}');
    // The last minute of a Nairobi day, the first of the next, and a Saturday: the same day as the app's.
    for (const instant of ['2026-11-23T20:59:59Z', '2026-11-23T21:00:00Z', '2026-11-28T09:00:00Z']) {
      const now = new Date(instant);
      const today = todayOf(now);
      expect(JSON.parse(todayBody(now)), instant).toEqual({ date: { year: today?.year, month: today?.month, day: today?.day } });
    }
    const fetchImpl = answering([]);
    startEarlyCall('/dashboard', true, fetchImpl, justAfterMidnight);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(EARLY_PROCEDURE);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(todayBody(justAfterMidnight));
    expect(takeEarlyAnswer(EARLY_PROCEDURE, () => todayBody(justAfterMidnight))).toBeDefined();
  });

  it('is started only for a signed-in diary on /dashboard', () => {
    const fetchImpl = answering([]);
    startEarlyCall('/login', true, fetchImpl);
    startEarlyCall('/dashboard', false, fetchImpl);
    startEarlyCall('/cases', true, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(takeEarlyAnswer(EARLY_PROCEDURE, () => todayBody())).toBeUndefined();
  });

  it('answers the dashboard\u2019s first identical call, once, and no other', async () => {
    const now = new Date();
    startEarlyCall('/dashboard', true, answering(['E-1', 'E-2']), now);
    const { calls, client } = server();
    const today = todayOf(now);
    // Another day's call is not the early one: it goes to the server, and leaves the answer be.
    await client.listScheduledCases({ date: fromIsoDate('2026-01-05') });
    expect(calls).toEqual(['2026-1-5']);
    const first = await client.listScheduledCases({ date: today });
    expect(first.cases.map((c) => c.caseId)).toEqual(['E-1', 'E-2']);
    expect(calls).toHaveLength(1);
    const again = await client.listScheduledCases({ date: today });
    expect(again.cases.map((c) => c.caseId)).toEqual(['FROM-SERVER']);
    expect(calls).toHaveLength(2);
  });

  it('leaves a refused or failed early call to the network', async () => {
    const now = new Date();
    const today = todayOf(now);
    const refused = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{"code":"unauthenticated"}', { status: 401 })));
    startEarlyCall('/dashboard', true, refused, now);
    const a = server();
    expect((await a.client.listScheduledCases({ date: today })).cases.map((c) => c.caseId)).toEqual(['FROM-SERVER']);
    expect(a.calls).toHaveLength(1);

    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyCall('/dashboard', true, offline, now);
    const b = server();
    expect((await b.client.listScheduledCases({ date: today })).cases.map((c) => c.caseId)).toEqual(['FROM-SERVER']);
    expect(b.calls).toHaveLength(1);
  });

  it('keeps the server\u2019s refusal of the real call', async () => {
    const now = new Date();
    const today = todayOf(now);
    startEarlyCall('/dashboard', true, vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 503 }))), now);
    const transport = createRouterTransport(
      (router) =>
        router.service(CaseService, {
          listScheduledCases() {
            throw new ConnectError('down', Code.Unavailable);
          },
        }),
      { transport: { interceptors: [createEarlyAnswerInterceptor()] } },
    );
    await expect(createClient(CaseService, transport).listScheduledCases({ date: today })).rejects.toMatchObject({ code: Code.Unavailable });
  });
});
