import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivitySchema, CaseSchema, CaseService, ListCasesResponseSchema, type Activity, type Case } from '@gen/kesi/v1/case_pb';
import { setCallData } from '@/api/keys';
import { RECORD_ACTIVITY_KEY, newRequestId, type RecordOutcomeResult, type RecordOutcomeVariables } from '@/api/outcome';
import { fromIsoDate, toIsoDate } from '@/lib/dates';
import { installDiaryCalls } from '../ConnectLayout';
import { createQueryClient } from '../queryClient';
import { createDiaryPersister, type DiaryStorage, type StoredDiary } from './persistence';

const LAST_WEEK = '2026-11-16';
const TODAY = '2026-11-23';
const NEXT = '2026-11-30';

/**
 * A server that records as backend/internal/cases does: the outcome on the latest sitting on or
 * before today, a new sitting for each next date, and a request's key once (a key it holds
 * changes nothing). Last week's mention was adjourned; today's hearing has no outcome yet.
 * `hang`: the first record is done but its answer never reaches the phone; `signal`: whether the
 * phone's calls reach the server.
 */
function courtServer(opts: { hang?: boolean; signal?: () => boolean } = {}) {
  const sent: string[] = [];
  const keys = new Set<string>();
  let kase: Case = create(CaseSchema, { id: 'c1', caseId: 'HCCC E1 of 2026', parties: 'A v B', activity: 'Hearing', activityDate: fromIsoDate(TODAY), status: 'Hearing' });
  const sittings: Activity[] = [
    create(ActivitySchema, { id: 'a1', activity: 'Hearing', activityDate: fromIsoDate(TODAY), caseId: kase.caseId }),
    create(ActivitySchema, { id: 'a0', activity: 'Mention', activityDate: fromIsoDate(LAST_WEEK), caseId: kase.caseId, outcome: 'Adjourned' }),
  ];
  let hang = opts.hang ?? false;
  const transport = createRouterTransport(
    ({ service }) => {
      service(CaseService, {
        getCaseByCaseId: () => ({ case: kase }),
        listCaseActivities: () => ({ activities: [...sittings] }),
        listCases: () => ({ cases: [kase] }),
        recordActivity: async (req) => {
          sent.push(req.outcome);
          if (req.requestId && keys.has(req.requestId)) return { case: kase };
          if (req.requestId) keys.add(req.requestId);
          const latest = sittings.find((a) => toIsoDate(a.activityDate) <= TODAY);
          if (latest) latest.outcome = req.outcome;
          const next = create(ActivitySchema, { id: `n${sittings.length}`, activity: req.nextActivity, activityDate: req.nextDate, caseId: kase.caseId });
          sittings.unshift(next);
          kase = { ...kase, activity: req.nextActivity, activityDate: req.nextDate };
          if (hang) {
            hang = false;
            await new Promise(() => undefined);
          }
          return { case: kase, next };
        },
      });
    },
    // No signal: the phone's fetch fails before reaching the server.
    { transport: { interceptors: [(next) => (req) => ((opts.signal?.() ?? true) ? next(req) : Promise.reject(new TypeError('Failed to fetch')))] } },
  );
  const onDay = (day: string) => sittings.filter((a) => toIsoDate(a.activityDate) === day);
  return { transport, sent, onDay, today: () => onDay(TODAY)[0] };
}

const outcome = (text: string): RecordOutcomeVariables => ({
  id: 'c1',
  values: { outcome: text, next_date: NEXT, next_activity: 'Hearing', next_time: '', status: '' },
  requestId: newRequestId(),
});

function memory(): DiaryStorage {
  const map = new Map<string, StoredDiary>();
  return {
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => (map.set(k, v), Promise.resolve()),
    del: (k) => (map.delete(k), Promise.resolve()),
  };
}

/** The diary kept on the device for u1, as App wires it (app/diaryPersistence). */
function kept(client: QueryClient, storage: DiaryStorage): PersistQueryClientOptions {
  return {
    queryClient: client as never,
    persister: createDiaryPersister(() => 'u1', storage),
    maxAge: Infinity,
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success', shouldDehydrateMutation: (m) => m.state.status === 'pending' },
  };
}

/** A phone with the case list in its diary and the app's record-outcome calls. */
function phone(server: ReturnType<typeof courtServer>) {
  const client = createQueryClient();
  installDiaryCalls(client, server.transport);
  setCallData(client, CaseService.method.listCases, {}, create(ListCasesResponseSchema, { cases: [create(CaseSchema, { id: 'c1', caseId: 'HCCC E1 of 2026', activity: 'Hearing', activityDate: fromIsoDate(TODAY), status: 'Hearing' })] }), server.transport);
  return client;
}

const record = (client: QueryClient, variables: RecordOutcomeVariables) =>
  new MutationObserver<RecordOutcomeResult, Error, RecordOutcomeVariables>(client, { mutationKey: RECORD_ACTIVITY_KEY }).mutate(variables);

const paused = (client: QueryClient) => vi.waitFor(() => { expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true); });
const idle = (...clients: QueryClient[]) => vi.waitFor(() => { expect(clients.reduce((n, c) => n + c.isMutating(), 0)).toBe(0); });

describe('an outcome is recorded once, and only for its advocate', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('sends an outcome queued offline though an earlier sitting had the same words', async () => {
    const server = courtServer();
    const client = phone(server);
    onlineManager.setOnline(false);
    const done = record(client, outcome('Adjourned'));
    await paused(client);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await done;
    expect(server.today()?.outcome).toBe('Adjourned');
    expect(server.onDay(NEXT)).toHaveLength(1);
  });

  it('adds one next date when the page reloads while the outcome is being sent', async () => {
    const server = courtServer({ hang: true });
    const storage = memory();
    const tab = phone(server);
    void record(tab, outcome('Hearing proceeded'));
    await vi.waitFor(() => { expect(server.sent).toHaveLength(1); });
    await persistQueryClientSave(kept(tab, storage));
    const reloaded = createQueryClient();
    installDiaryCalls(reloaded, server.transport);
    await persistQueryClientRestore(kept(reloaded, storage));
    await reloaded.resumePausedMutations();
    await idle(reloaded);
    expect(server.sent).toHaveLength(2); // sent again, as it must be when the first never arrived
    expect(server.onDay(NEXT)).toHaveLength(1);
  });

  it('adds one next date when two tabs hold the same queued outcome', async () => {
    const server = courtServer();
    const storage = memory();
    const tabA = phone(server);
    onlineManager.setOnline(false);
    void record(tabA, outcome('Hearing proceeded'));
    await paused(tabA);
    await persistQueryClientSave(kept(tabA, storage));
    const tabB = createQueryClient();
    installDiaryCalls(tabB, server.transport);
    await persistQueryClientRestore(kept(tabB, storage));
    onlineManager.setOnline(true);
    await Promise.all([tabA.resumePausedMutations(), tabB.resumePausedMutations()]);
    await idle(tabA, tabB);
    expect(server.onDay(NEXT)).toHaveLength(1);
    expect(server.today()?.outcome).toBe('Hearing proceeded');
  });

  it('never sends an outcome retrying on a poor signal once its advocate signed out', async () => {
    let signal = false;
    const server = courtServer({ signal: () => signal });
    const client = phone(server);
    void record(client, outcome("A's outcome")).catch(() => undefined);
    await vi.waitFor(() => { expect(client.getMutationCache().getAll()[0]?.state.failureCount).toBe(1); });
    client.clear(); // signed out; the next advocate signs in on this phone
    signal = true;
    await new Promise((r) => setTimeout(r, 2500)); // past TanStack's retry delay (2 s after the second failure)
    expect(server.sent).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  }, 10_000);
});
