import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createDiaryPersister, DIARY_KEY, pauseInFlight, type DiaryStorage, type StoredDiary } from './persistence';

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

const client = (mutations: never[] = []): PersistedClient => ({
  timestamp: 1,
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
});
