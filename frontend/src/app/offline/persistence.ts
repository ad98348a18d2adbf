import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { DehydratedState } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/** The IndexedDB key (idb-keyval's default store) that holds the diary kept on the device. */
export const DIARY_KEY = 'kesi.diary';

// Its own module, so that the query client's lifetime does not bring the diary's storage code
// into a public page's first load (issue 17).
export { DIARY_MAX_AGE_MS } from '../diaryAge';

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
 * The diary read from IndexedDB ahead of the first render (main.tsx, through readDiaryAhead), so
 * that the read overlaps the loading of the screen's modules instead of following it; the first
 * restore takes it, any later one reads afresh.
 */
let readAhead: { storage: DiaryStorage; read: Promise<StoredDiary | undefined> } | undefined;

/** Starts reading the stored diary now (a warm visit: issue 17). */
export function readDiaryAhead(storage: DiaryStorage = idbStorage): void {
  readAhead ??= { storage, read: storage.get(DIARY_KEY).catch(() => undefined) };
}

function takeReadAhead(storage: DiaryStorage): Promise<StoredDiary | undefined> | undefined {
  if (readAhead?.storage !== storage) return undefined;
  const { read } = readAhead;
  readAhead = undefined;
  return read;
}

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

/** The queries' changes are written at most this often (the outcomes waiting to send, at once). */
export const WRITE_EVERY_MS = 1000;

/** What changes when an outcome is queued, sent, paused or failed. */
function mutationsSignature(state: DehydratedState): string {
  return JSON.stringify(state.mutations.map((m) => [m.state.status, m.state.isPaused, m.state.submittedAt, m.state.failureCount]));
}

/**
 * The TanStack Query persister of the diary. It keeps the cache of the signed-in user only:
 * nothing is written while nobody is signed in (and what was there is wiped), and a diary written
 * for another user is wiped instead of restored. Values go to IndexedDB as structured clones, so
 * protobuf messages (bigint seconds, Sets of days) come back as they were, without JSON.
 *
 * TanStack Query hands the whole cache over on every change of every query: writing each (a
 * structured clone of the whole diary on the main thread) cost a phone seconds while the diary
 * was fetched (issue 17). A change of the outcomes waiting to send is written at once, so nothing
 * typed is lost; other changes at most once every WRITE_EVERY_MS, the last one always, and at once
 * when the app goes to the background.
 */
export function createDiaryPersister(currentUserId: () => string | null, storage: DiaryStorage = idbStorage): Persister {
  let pending: StoredDiary | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writtenMutations: string | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = async () => {
    const diary = pending;
    cancel();
    // A cache handed over before a sign-out or a change of user is not theirs to keep.
    if (diary?.userId !== currentUserId()) return;
    writtenMutations = mutationsSignature(diary.client.clientState);
    await storage.set(DIARY_KEY, { userId: diary.userId, client: { ...diary.client, clientState: pauseInFlight(diary.client.clientState) } });
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }

  return {
    async persistClient(client) {
      const userId = currentUserId();
      if (!userId) {
        cancel();
        await storage.del(DIARY_KEY);
        return;
      }
      pending = { userId, client };
      if (mutationsSignature(client.clientState) !== writtenMutations) {
        await flush();
        return;
      }
      timer ??= setTimeout(() => void flush(), WRITE_EVERY_MS);
    },
    async restoreClient() {
      const stored = await (takeReadAhead(storage) ?? storage.get(DIARY_KEY));
      if (!stored) return undefined;
      const userId = currentUserId();
      if (!userId || stored.userId !== userId) {
        await storage.del(DIARY_KEY);
        return undefined;
      }
      return stored.client;
    },
    async removeClient() {
      cancel();
      await storage.del(DIARY_KEY);
    },
  };
}
