import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { notifications } from '@mantine/notifications';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivitySchema, CaseSchema, CaseService, ListCasesResponseSchema, type Activity, type Case } from '@gen/kesi/v1/case_pb';
import { createSessionRefreshInterceptor } from '@/api/connect';
import { setCallData } from '@/api/keys';
import { RECORD_ACTIVITY_KEY, newRequestId, type RecordOutcomeResult, type RecordOutcomeVariables } from '@/api/outcome';
import { fromIsoDate, toIsoDate } from '@/lib/dates';
import { sessionUser } from '@/test/session';
import { installDiaryCalls } from './ConnectLayout';
import { followSession, type SessionDevice } from './followSession';
import { DIARY_KEY, createDiaryPersister, type DiaryStorage, type StoredDiary } from './offline/persistence';
import { keepUnsent, requeueUnsent, salvageDiary, UNSENT_KEY, wipeUnsent, type StoredUnsent, type UnsentStorage } from './offline/unsent';
import { createQueryClient } from './queryClient';
import { SessionStore } from './session/store';
import { listenForSessionExpiry, listenForSignOutElsewhere } from './sessionEvents';
import { USER_KEY } from './session/user';

// The diary's prefetch at a sign-in is prefetch.test's business; here it would call the real API.
vi.mock('./offline/prefetch', () => ({ prefetchDiary: () => Promise.resolve() }));

const TODAY = '2026-11-23';
const NEXT = '2026-12-03';
const TYPED = 'Ruling on 3rd December; witness bound over';

/**
 * The server as backend/internal/cases records (a request's key once), behind the session: while
 * `expired`, every call answers Unauthenticated and a refresh is refused, as after days offline.
 * `recorded` is each outcome it accepted; `signal` whether the phone's calls reach it.
 */
function courtServer() {
  const state = { expired: false, signal: true };
  const recorded: string[] = [];
  const keys = new Set<string>();
  let kase: Case = create(CaseSchema, { id: 'c1', caseId: 'HCCC E1 of 2026', activity: 'Hearing', activityDate: fromIsoDate(TODAY), status: 'Hearing' });
  const sittings: Activity[] = [create(ActivitySchema, { id: 'a1', activity: 'Hearing', activityDate: fromIsoDate(TODAY), caseId: kase.caseId })];
  const signedIn = () => {
    if (state.expired) throw new ConnectError('unauthenticated', Code.Unauthenticated);
  };
  const transport = createRouterTransport(
    ({ service }) => {
      service(CaseService, {
        getCaseByCaseId: () => (signedIn(), { case: kase }),
        listCaseActivities: () => (signedIn(), { activities: [...sittings] }),
        recordActivity: (req) => {
          signedIn();
          if (keys.has(req.requestId)) return { case: kase };
          keys.add(req.requestId);
          recorded.push(req.outcome);
          const next = create(ActivitySchema, { id: `n${sittings.length}`, activity: req.nextActivity, activityDate: req.nextDate, caseId: kase.caseId });
          sittings.unshift(next);
          kase = { ...kase, activity: req.nextActivity, activityDate: req.nextDate };
          return { case: kase, next };
        },
      });
    },
    {
      transport: {
        interceptors: [
          createSessionRefreshInterceptor(() => (state.expired ? Promise.reject(new Error('refresh refused')) : Promise.resolve())),
          (next) => (req) => (state.signal ? next(req) : Promise.reject(new TypeError('Failed to fetch'))),
        ],
      },
    },
  );
  return { transport, state, recorded, sittingsOn: (day: string) => sittings.filter((a) => toIsoDate(a.activityDate) === day) };
}

function memory(): UnsentStorage & { map: Map<string, StoredUnsent> } {
  const map = new Map<string, StoredUnsent>();
  return {
    map,
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => (map.set(k, structuredClone(v)), Promise.resolve()),
    del: (k) => (map.delete(k), Promise.resolve()),
  };
}

const U1 = sessionUser({ id: 'u1' });
const U2 = sessionUser({ id: 'u2', email: 'otieno@example.co.ke', fullname: 'Otieno Ouma' });

/**
 * A phone as App wires it: the session store, followSession with the outcomes kept in `storage`,
 * the expiry listener, the case in the diary, signed in as U1.
 */
function phone(server: ReturnType<typeof courtServer>, storage: UnsentStorage, diary: DiaryStorage = diaryMemory()) {
  const session = new SessionStore(
    {
      me: () => (server.state.expired ? Promise.reject(new Error('unauthenticated')) : Promise.resolve(U1)),
      refresh: () => (server.state.expired ? Promise.reject(new Error('refresh refused')) : Promise.resolve()),
    },
    window.localStorage,
  );
  session.start();
  const client = createQueryClient();
  installDiaryCalls(client, server.transport);
  const device = deviceOf(server, storage, diary);
  const stops = [
    followSession(session, client, device),
    listenForSessionExpiry({ navigate: vi.fn(), state: { location: { pathname: '/dashboard' } } }, client, session),
  ];
  session.signedIn(U1);
  setCallData(client, CaseService.method.listCases, {}, create(ListCasesResponseSchema, { cases: [create(CaseSchema, { id: 'c1', caseId: 'HCCC E1 of 2026', activity: 'Hearing', activityDate: fromIsoDate(TODAY), status: 'Hearing' })] }), server.transport);
  return { session, client, stop: () => { stops.forEach((s) => { s(); }); } };
}

/** The phone's storage as followSession reaches it: the diary kept on the device, and the outcomes kept across an expiry. */
function deviceOf(server: ReturnType<typeof courtServer>, storage: UnsentStorage, diary: DiaryStorage): SessionDevice {
  return {
    wipeDiary: () => diary.del(DIARY_KEY),
    salvageDiary: () => salvageDiary(diary, storage),
    keepUnsent: (userId, mutations) => keepUnsent(userId, mutations, storage),
    requeueUnsent: (c, userId) => requeueUnsent(c, userId, storage, server.transport),
    wipeUnsent: () => wipeUnsent(storage),
  };
}

function diaryMemory(): DiaryStorage & { map: Map<string, StoredDiary> } {
  const map = new Map<string, StoredDiary>();
  return {
    map,
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => (map.set(k, structuredClone(v)), Promise.resolve()),
    del: (k) => (map.delete(k), Promise.resolve()),
  };
}

const waiting = (client: QueryClient) => client.isMutating({ mutationKey: [...RECORD_ACTIVITY_KEY] });

/** At court with no signal: the advocate records the outcome, and it waits to send. */
async function recordOffline(client: QueryClient, server: ReturnType<typeof courtServer>) {
  server.state.signal = false;
  onlineManager.setOnline(false);
  const variables: RecordOutcomeVariables = { id: 'c1', values: { outcome: TYPED, next_date: NEXT, next_activity: 'Ruling', next_time: '', status: '' }, requestId: newRequestId() };
  void new MutationObserver<RecordOutcomeResult, Error, RecordOutcomeVariables>(client, { mutationKey: RECORD_ACTIVITY_KEY }).mutate(variables).catch(() => undefined);
  await vi.waitFor(() => { expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true); });
}

/** Days later the signal returns; the session expired meanwhile, so the send gets Unauthenticated. */
async function signalReturnsExpired(session: SessionStore, client: QueryClient, server: ReturnType<typeof courtServer>) {
  server.state.expired = true;
  server.state.signal = true;
  onlineManager.setOnline(true);
  await client.resumePausedMutations();
  await vi.waitFor(() => { expect(session.getState()).toMatchObject({ status: 'unauthenticated', ended: 'expired' }); });
}

describe('outcomes waiting to send when the session expires', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(notifications, 'show').mockReturnValue('x');
  });
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('are kept for the advocate and sent once when they sign back in', async () => {
    const server = courtServer();
    const storage = memory();
    const { session, client, stop } = phone(server, storage);
    await recordOffline(client, server);
    await signalReturnsExpired(session, client, server);
    await vi.waitFor(() => { expect(storage.map.get(UNSENT_KEY)?.userId).toBe('u1'); });
    expect(client.getMutationCache().getAll()).toEqual([]); // nothing sent under nobody's session
    expect(server.recorded).toEqual([]);

    // They sign in again; the signal drops before the outcome goes: the offline bar counts it.
    server.state.expired = false;
    server.state.signal = false;
    onlineManager.setOnline(false);
    session.signedIn(U1);
    await vi.waitFor(() => { expect(waiting(client)).toBe(1); });
    expect(storage.map.has(UNSENT_KEY)).toBe(false); // the diary keeps it from here

    server.state.signal = true;
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await vi.waitFor(() => { expect(waiting(client)).toBe(0); });
    stop();
    expect(server.recorded).toEqual([TYPED]);
    expect(server.sittingsOn(NEXT)).toHaveLength(1);
  });

  it('are wiped unsent when another advocate signs in on the phone', async () => {
    const server = courtServer();
    const storage = memory();
    const { session, client, stop } = phone(server, storage);
    await recordOffline(client, server);
    // This time the app's own check of the session (the signal came back) finds it expired.
    server.state.expired = true;
    server.state.signal = true;
    await session.verify();
    expect(session.getState()).toMatchObject({ status: 'unauthenticated', ended: 'expired' });
    await vi.waitFor(() => { expect(storage.map.get(UNSENT_KEY)?.mutations).toHaveLength(1); });

    server.state.expired = false;
    session.signedIn(U2);
    await vi.waitFor(() => { expect(storage.map.has(UNSENT_KEY)).toBe(false); });
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(waiting(client)).toBe(0);
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(server.recorded).toEqual([]);
  });

  it('are wiped when the advocate signs out', async () => {
    const server = courtServer();
    const storage = memory();
    const { session, client, stop } = phone(server, storage);
    await recordOffline(client, server);
    await signalReturnsExpired(session, client, server);
    await vi.waitFor(() => { expect(storage.map.has(UNSENT_KEY)).toBe(true); });

    // Back in with no signal, the outcome waiting again; then they choose to sign out.
    server.state.expired = false;
    server.state.signal = false;
    onlineManager.setOnline(false);
    session.signedIn(U1);
    await vi.waitFor(() => { expect(waiting(client)).toBe(1); });
    session.clear();
    expect(session.getState().ended).toBe('signedOut');

    // Signing in again finds nothing kept, and nothing goes.
    session.signedIn(U1);
    server.state.signal = true;
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(storage.map.has(UNSENT_KEY)).toBe(false);
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(server.recorded).toEqual([]);
  });

  it('still kept at a sign-out (they could not be queued again at the sign-in) are wiped', async () => {
    const server = courtServer();
    const storage = memory();
    const { session, stop } = phone(server, storage);
    storage.map.set(UNSENT_KEY, { userId: 'u1', mutations: [] });
    session.clear();
    await vi.waitFor(() => { expect(storage.map.has(UNSENT_KEY)).toBe(false); });
    stop();
  });
  it('are kept when the app opens days later and finds the session expired before the diary is restored', async () => {
    const server = courtServer();
    const storage = memory();
    const diary = diaryMemory();
    // At court with no signal: recorded, written to the diary on the device; the phone closed the tab.
    const before = phone(server, storage, diary);
    await recordOffline(before.client, server);
    await persistQueryClientSave({
      queryClient: before.client as never,
      persister: createDiaryPersister(() => 'u1', diary),
      dehydrateOptions: { shouldDehydrateMutation: (m) => m.state.status === 'pending' },
    });
    before.stop();
    before.client.clear();
    expect(diary.map.get(DIARY_KEY)?.client.clientState.mutations).toHaveLength(1);

    // Days later, on the office wifi: the app's first check finds the session expired before
    // anything listens or the diary is restored.
    server.state.expired = true;
    server.state.signal = true;
    onlineManager.setOnline(true);
    const session = new SessionStore({ me: () => Promise.reject(new Error('unauthenticated')), refresh: () => Promise.reject(new Error('refresh refused')) }, window.localStorage);
    session.start();
    await vi.waitFor(() => { expect(session.getState()).toMatchObject({ status: 'unauthenticated', ended: 'expired' }); });
    const client = createQueryClient();
    const stop = followSession(session, client, deviceOf(server, storage, diary));
    await vi.waitFor(() => { expect(storage.map.get(UNSENT_KEY)?.mutations).toHaveLength(1); });
    expect(diary.map.has(DIARY_KEY)).toBe(false);

    server.state.expired = false;
    session.signedIn(U1);
    await vi.waitFor(() => { expect(server.recorded).toEqual([TYPED]); });
    await vi.waitFor(() => { expect(waiting(client)).toBe(0); });
    stop();
    expect(server.sittingsOn(NEXT)).toHaveLength(1);
  });

  it('held by a second tab are kept when the first tab finds the session expired', async () => {
    const server = courtServer();
    const storage = memory();
    const tabB = phone(server, storage);
    const tabBWindow = new EventTarget() as Window & EventTarget;
    Object.defineProperty(tabBWindow, 'localStorage', { value: window.localStorage });
    const stopElsewhere = listenForSignOutElsewhere({ navigate: vi.fn(), state: { location: { pathname: '/dashboard' } } }, tabB.client, tabB.session, tabBWindow);
    await recordOffline(tabB.client, server);

    // Tab A's own check finds the session expired; the browser tells tab B the user is gone.
    const tabA = new SessionStore({ me: () => Promise.reject(new Error('unauthenticated')), refresh: () => Promise.reject(new Error('refresh refused')) }, window.localStorage);
    tabA.signedIn(U1);
    await tabA.verify();
    tabBWindow.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, oldValue: '{}', newValue: null }));
    expect(tabB.session.getState()).toMatchObject({ status: 'unauthenticated', ended: 'expired' });
    await vi.waitFor(() => { expect(storage.map.get(UNSENT_KEY)?.mutations).toHaveLength(1); });
    stopElsewhere();
    tabB.stop();
  });
});
