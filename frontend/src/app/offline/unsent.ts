import type { Transport } from '@connectrpc/connect';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { RECORD_ACTIVITY_KEY, type RecordOutcomeVariables } from '@/api/outcome';
import { installDiaryCalls } from '../ConnectLayout';
import { DIARY_KEY, idbStorage, type DiaryStorage } from './persistence';

/**
 * The outcomes an advocate recorded that were still waiting to send when their session expired
 * (issue 17: nothing typed is lost). Expiry clears the cache and the diary like a sign-out, so
 * these are kept apart, under their advocate's id: the same advocate signing in again gets them
 * queued again; anyone else signing in on the phone, or that advocate signing out, wipes them.
 */

/** The IndexedDB key (idb-keyval's default store) of the outcomes kept across an expiry. */
export const UNSENT_KEY = 'kesi.unsent';

/** A record-outcome mutation as the cache held it (TanStack's dehydrated form). */
export type UnsentMutation = DehydratedState['mutations'][number];

/** What is written: whose outcomes they are, and the outcomes. */
export interface StoredUnsent {
  userId: string;
  mutations: UnsentMutation[];
}

/** The three IndexedDB calls; tests pass a Map. */
export interface UnsentStorage {
  get(key: string): Promise<StoredUnsent | undefined>;
  set(key: string, value: StoredUnsent): Promise<void>;
  del(key: string): Promise<void>;
}

export const idbUnsent: UnsentStorage = {
  get: (key) => get<StoredUnsent>(key),
  set: (key, value) => set(key, value),
  del: (key) => del(key),
};

const isOutcome = (m: UnsentMutation) => m.mutationKey?.[0] === RECORD_ACTIVITY_KEY[0];
const keyOf = (m: UnsentMutation) => (m.state.variables as RecordOutcomeVariables | undefined)?.requestId;

/**
 * As it is to be queued again: paused (a send under way when the session went had failed, or
 * would), its failures forgotten. Its variables (with its key) and what the advocate saw are kept
 * as they were, so that one recorded offline is still checked against the case before it is sent.
 */
function waiting(m: UnsentMutation): UnsentMutation {
  return { ...m, state: { ...m.state, isPaused: true, failureCount: 0, failureReason: null, error: null } };
}

/**
 * Keeps the outcomes among `mutations` (the pending ones the cache held when the session expired)
 * for `userId`, with any already kept for them (two tabs whose sends both met the expiry), once
 * each by key.
 */
export async function keepUnsent(userId: string, mutations: UnsentMutation[], storage: UnsentStorage = idbUnsent): Promise<void> {
  const stored = await storage.get(UNSENT_KEY);
  const kept = stored?.userId === userId ? stored.mutations : [];
  const keptAlready = (m: UnsentMutation) => keyOf(m) !== undefined && kept.some((k) => keyOf(k) === keyOf(m));
  const added = mutations.filter((m) => isOutcome(m) && !keptAlready(m)).map(waiting);
  if (kept.length + added.length) await storage.set(UNSENT_KEY, { userId, mutations: [...kept, ...added] });
  else await storage.del(UNSENT_KEY);
}

/**
 * At a sign-in: the outcomes kept for this user are queued again through the record-outcome
 * mutation, the offline bar counts them, and they are sent (their key makes a repeat harmless);
 * those kept for anyone else are wiped unread. Into the cache first, then off the device: the
 * diary keeps them from then on.
 */
export async function requeueUnsent(client: QueryClient, userId: string, storage: UnsentStorage = idbUnsent, transport?: Transport): Promise<void> {
  const stored = await storage.get(UNSENT_KEY);
  if (!stored) return;
  if (stored.userId === userId && stored.mutations.length) {
    installDiaryCalls(client, transport);
    hydrate(client, { mutations: stored.mutations, queries: [] });
    void client.resumePausedMutations();
  }
  await storage.del(UNSENT_KEY);
}

/**
 * The diary kept on the device whose advocate is gone without signing out (the session expired,
 * perhaps found so at the app's start, before the diary was restored): the outcomes in it that
 * wait to send are kept for that advocate (keepUnsent), and the rest of it is removed.
 */
export async function salvageDiary(diary: DiaryStorage = idbStorage, storage: UnsentStorage = idbUnsent): Promise<void> {
  const stored = await diary.get(DIARY_KEY);
  if (!stored) return;
  await keepUnsent(stored.userId, stored.client.clientState.mutations, storage);
  await diary.del(DIARY_KEY);
}

/** At a sign-out: the outcomes kept from an expiry go with the rest of the advocate's data. */
export async function wipeUnsent(storage: UnsentStorage = idbUnsent): Promise<void> {
  await storage.del(UNSENT_KEY);
}
