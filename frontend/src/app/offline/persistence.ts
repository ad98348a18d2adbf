import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
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

/** The cache events that change what would be written (not an observer coming or going). */
const changes = new Set(['added', 'removed', 'updated']);

/**
 * Calls save when the cache changes: at once for a change of the outcomes waiting to send, so
 * nothing typed is lost; for the queries at most once every WRITE_EVERY_MS, the last change
 * always, and at once when the app goes to the background. Answers the unsubscribe function.
 *
 * Each save dehydrates the whole cache, so it is the save, not only the write, that must not
 * follow every change: TanStack's own subscription saves on each, and the diary's prefetch (a
 * summary for every case, two changes each) dehydrated a 500-case cache a thousand times in one
 * task, 1.2 s of a phone's main thread on the first visit (issue 17).
 */
export function saveOnChange(client: QueryClient, save: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const now = () => {
    clearTimeout(timer);
    timer = undefined;
    save();
  };
  const soon = () => {
    timer ??= setTimeout(now, WRITE_EVERY_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) now();
  };
  const stopQueries = client.getQueryCache().subscribe((e) => {
    if (changes.has(e.type)) soon();
  });
  const stopMutations = client.getMutationCache().subscribe((e) => {
    if (changes.has(e.type)) now();
  });
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    clearTimeout(timer);
    stopQueries();
    stopMutations();
    document.removeEventListener('visibilitychange', onHidden);
  };
}

/**
 * The TanStack Query persister of the diary. It keeps the cache of the signed-in user only:
 * nothing is written or restored while nobody is signed in, and a diary written for another user
 * is wiped instead of restored. What becomes of a diary whose advocate is gone is followSession's
 * business (app/followSession): a sign-out wipes it; an expiry keeps its outcomes waiting to send
 * for that advocate, so this must not delete it first. Values go to IndexedDB as structured clones, so
 * protobuf messages (bigint seconds, Sets of days) come back as they were, without JSON. How often
 * it is handed the cache is saveOnChange's business.
 */
export function createDiaryPersister(currentUserId: () => string | null, storage: DiaryStorage = idbStorage): Persister {
  return {
    async persistClient(client) {
      const userId = currentUserId();
      if (!userId) return;
      await storage.set(DIARY_KEY, { userId, client: { ...client, clientState: pauseInFlight(client.clientState) } });
    },
    async restoreClient() {
      const stored = await (takeReadAhead(storage) ?? storage.get(DIARY_KEY));
      if (!stored) return undefined;
      const userId = currentUserId();
      if (!userId) return undefined;
      if (stored.userId !== userId) {
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
