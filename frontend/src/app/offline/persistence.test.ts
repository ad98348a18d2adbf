import { describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createDiaryPersister, DIARY_KEY, pauseInFlight, readDiaryAhead, WRITE_EVERY_MS, type DiaryStorage, type StoredDiary } from './persistence';

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

  it('is not written while nobody is signed in, and what was there is wiped', async () => {
    const storage = memory();
    let user: string | null = 'u1';
    const persister = createDiaryPersister(() => user, storage);
    await persister.persistClient(client());
    user = null;
    await persister.persistClient(client());
    expect(storage.map.size).toBe(0);
    expect(await persister.restoreClient()).toBeUndefined();
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

  it('writes the queries at most once a second, the last change always, and an outcome at once', async () => {
    vi.useFakeTimers();
    try {
      const storage = memory();
      let writes = 0;
      storage.set = (k, v) => {
        writes++;
        storage.map.set(k, v);
        return Promise.resolve();
      };
      const persister = createDiaryPersister(() => 'u1', storage);
      await persister.persistClient(client([], 1));
      for (let t = 2; t <= 50; t++) await persister.persistClient(client([], t));
      expect(writes).toBe(1);
      await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
      expect(writes).toBe(2);
      expect(storage.map.get(DIARY_KEY)?.client.timestamp).toBe(50);
      // An outcome queued offline is on the device before the call returns.
      await persister.persistClient(client([mutation('pending', true)], 51));
      expect(writes).toBe(3);
      expect(storage.map.get(DIARY_KEY)?.client.clientState.mutations).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not write a change handed over before the sign-out', async () => {
    vi.useFakeTimers();
    try {
      const storage = memory();
      const persister = createDiaryPersister(() => 'u1', storage);
      await persister.persistClient(client([], 1));
      await persister.persistClient(client([], 2));
      await persister.removeClient();
      await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
      expect(storage.map.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
