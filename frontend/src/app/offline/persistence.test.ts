import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createDiaryPersister, DIARY_KEY, pauseInFlight, readDiaryAhead, saveOnChange, WRITE_EVERY_MS, type DiaryStorage, type StoredDiary } from './persistence';

function memory(): DiaryStorage & { map: Map<string, StoredDiary> } {
  const map = new Map<string, StoredDiary>();
  return {
    map,
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => {
      map.set(k, v);
      return Promise.resolve();
    },
    del: (k) => {
      map.delete(k);
      return Promise.resolve();
    },
  };
}

const mutation = (status: 'pending' | 'success', isPaused: boolean) =>
  ({ mutationKey: ['recordActivity'], state: { status, isPaused, variables: { id: 'c1' } } }) as never;

const client = (mutations: never[] = [], timestamp = 1): PersistedClient => ({
  timestamp,
  buster: '',
  clientState: { queries: [], mutations },
});

describe('the diary kept on the device', () => {
  it('is written for the signed-in user and restored for them', async () => {
    const storage = memory();
    const persister = createDiaryPersister(() => 'u1', storage);
    await persister.persistClient(client());
    expect(storage.map.get(DIARY_KEY)?.userId).toBe('u1');
    expect(await persister.restoreClient()).toEqual(client());
  });

  it('is restored from the read started as the app booted, once', async () => {
    const storage = memory();
    storage.map.set(DIARY_KEY, { userId: 'u1', client: client([], 1) });
    const get = vi.spyOn(storage, 'get');
    readDiaryAhead(storage);
    expect(get).toHaveBeenCalledTimes(1);
    // Written after the read began (another tab): the first restore is the read's, the next reads afresh.
    storage.map.set(DIARY_KEY, { userId: 'u1', client: client([], 2) });
    const persister = createDiaryPersister(() => 'u1', storage);
    expect((await persister.restoreClient())?.timestamp).toBe(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect((await persister.restoreClient())?.timestamp).toBe(2);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('read ahead for one person is not restored for another', async () => {
    const storage = memory();
    storage.map.set(DIARY_KEY, { userId: 'u1', client: client() });
    readDiaryAhead(storage);
    expect(await createDiaryPersister(() => 'u2', storage).restoreClient()).toBeUndefined();
    expect(storage.map.has(DIARY_KEY)).toBe(false);
  });

  it('is neither written nor restored while nobody is signed in, and left for followSession', async () => {
    const storage = memory();
    let user: string | null = 'u1';
    const persister = createDiaryPersister(() => user, storage);
    await persister.persistClient(client([], 1));
    user = null;
    await persister.persistClient(client([], 2));
    expect(await persister.restoreClient()).toBeUndefined();
    // An expiry keeps the outcomes in it for u1 (app/followSession): it must still be there.
    expect(storage.map.get(DIARY_KEY)?.client.timestamp).toBe(1);
  });

  it("is wiped, not shown, when another user signs in on the phone", async () => {
    const storage = memory();
    let user = 'u1';
    const persister = createDiaryPersister(() => user, storage);
    await persister.persistClient(client());
    user = 'u2';
    expect(await persister.restoreClient()).toBeUndefined();
    expect(storage.map.size).toBe(0);
  });

  it('is wiped at sign-out', async () => {
    const storage = memory();
    const persister = createDiaryPersister(() => 'u1', storage);
    await persister.persistClient(client());
    await persister.removeClient();
    expect(storage.map.size).toBe(0);
  });

  it('keeps an outcome cut off in flight as paused, so it is sent again after the reload', () => {
    const state = pauseInFlight(client([mutation('pending', false), mutation('pending', true)]).clientState);
    expect(state.mutations.map((m) => m.state.isPaused)).toEqual([true, true]);
  });
});

describe('when the diary is saved', () => {
  let queries: QueryClient;
  let save: Mock<() => void>;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    queries = new QueryClient();
    save = vi.fn<() => void>();
    stop = saveOnChange(queries, save);
  });
  afterEach(() => {
    stop();
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  it('saves the queries at most once a second, the last change always', async () => {
    // What the prefetch does for a lawyer with 500 cases: one save, not one per change.
    for (let i = 0; i < 500; i++) queries.setQueryData(['case', i], { id: i });
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    queries.setQueryData(['case', 1], { id: 1, changed: true });
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * WRITE_EVERY_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves an outcome queued offline at once', async () => {
    onlineManager.setOnline(false);
    void queries.getMutationCache().build(queries, { mutationKey: ['recordActivity'], mutationFn: () => Promise.resolve() }).execute({});
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalled();
  });

  it('saves a change waiting for its second at once when the app goes to the background', async () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    queries.setQueryData(['case', 1], { id: 1 });
    hidden.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves nothing once stopped (sign-out)', async () => {
    queries.setQueryData(['case', 1], { id: 1 });
    stop();
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    expect(save).not.toHaveBeenCalled();
  });
});
