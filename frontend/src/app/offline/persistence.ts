import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { DehydratedState } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/** The IndexedDB key (idb-keyval's default store) that holds the diary kept on the device. */
export const DIARY_KEY = 'kesi.diary';

/** How long a diary kept on the device is shown offline: a week of court without signal. */
export const DIARY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What is written to IndexedDB: the dehydrated cache and whose diary it is. */
export interface StoredDiary {
  userId: string;
  client: PersistedClient;
}

/** The three IndexedDB calls the persister makes; tests pass a Map. */
export interface DiaryStorage {
  get(key: string): Promise<StoredDiary | undefined>;
  set(key: string, value: StoredDiary): Promise<void>;
  del(key: string): Promise<void>;
}

export const idbStorage: DiaryStorage = {
  get: (key) => get<StoredDiary>(key),
  set: (key, value) => set(key, value),
  del: (key) => del(key),
};

/**
 * A mutation still pending when the page went away was cut off mid-flight; it is written as
 * paused so that it is sent again once the app is back, instead of being forgotten.
 */
export function pauseInFlight(state: DehydratedState): DehydratedState {
  return {
    ...state,
    mutations: state.mutations.map((m) =>
      m.state.status === 'pending' && !m.state.isPaused ? { ...m, state: { ...m.state, isPaused: true } } : m,
    ),
  };
}

/**
 * The TanStack Query persister of the diary. It keeps the cache of the signed-in user only:
 * nothing is written while nobody is signed in (and what was there is wiped), and a diary written
 * for another user is wiped instead of restored. Values go to IndexedDB as structured clones, so
 * protobuf messages (bigint seconds, Sets of days) come back as they were, without JSON.
 */
export function createDiaryPersister(currentUserId: () => string | null, storage: DiaryStorage = idbStorage): Persister {
  return {
    async persistClient(client) {
      const userId = currentUserId();
      if (!userId) {
        await storage.del(DIARY_KEY);
        return;
      }
      await storage.set(DIARY_KEY, { userId, client: { ...client, clientState: pauseInFlight(client.clientState) } });
    },
    async restoreClient() {
      const stored = await storage.get(DIARY_KEY);
      if (!stored) return undefined;
      const userId = currentUserId();
      if (!userId || stored.userId !== userId) {
        await storage.del(DIARY_KEY);
        return undefined;
      }
      return stored.client;
    },
    async removeClient() {
      await storage.del(DIARY_KEY);
    },
  };
}
