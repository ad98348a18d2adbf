import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { wipeSnapshot, wipeSnapshotOfOthers } from './offline/snapshot';
import type { UnsentMutation } from './offline/unsent';
import type { SessionStore } from './session/store';
import { readStoredEnd, readStoredUser } from './session/user';

/** Whose diary may be kept on the device: the signed-in user's (the stored one until the store starts). */
export function diaryOwner(session: SessionStore): string | null {
  const state = session.getState();
  if (state.status === 'loading') return readStoredUser(window.localStorage)?.id ?? null;
  return state.user?.id ?? null;
}

/** What followSession does to the device; App loads each part when first needed. */
export interface SessionDevice {
  wipeDiary(): Promise<void>;
  salvageDiary(): Promise<void>;
  keepUnsent(userId: string, mutations: UnsentMutation[]): Promise<void>;
  requeueUnsent(client: QueryClient, userId: string): Promise<void>;
  wipeUnsent(): Promise<void>;
}

const loadUnsent = () => import('./offline/unsent');

/** The app's device: the diary (app/diaryPersistence) and the outcomes kept across an expiry (app/offline/unsent). */
export const appDevice: SessionDevice = {
  wipeDiary: async () => {
    await (await import('./diaryPersistence')).wipeDiary();
  },
  salvageDiary: async () => {
    await (await loadUnsent()).salvageDiary();
  },
  keepUnsent: async (userId, mutations) => {
    await (await loadUnsent()).keepUnsent(userId, mutations);
  },
  requeueUnsent: async (client, userId) => {
    await (await loadUnsent()).requeueUnsent(client, userId);
  },
  wipeUnsent: async () => {
    await (await loadUnsent()).wipeUnsent();
  },
};

/**
 * The mutations waiting to finish, as they are now (TanStack's dehydrated form): taken before the
 * cache is cleared, since a send under way then fails for want of a session and would no longer
 * read as waiting.
 */
function pendingNow(client: QueryClient): UnsentMutation[] {
  return client
    .getMutationCache()
    .findAll({ status: 'pending' })
    .map((m) => ({ mutationKey: m.options.mutationKey, scope: m.options.scope, state: m.state }));
}

/**
 * Keeps the cache to one person: when the signed-in user goes (sign-out, expiry) or another signs
 * in on the phone, the cache and the diary on the device are wiped; when someone is signed in with
 * signal, the diary they need offline is fetched.
 *
 * The outcomes still waiting to send when a session expires (after days offline, say) are not
 * wiped with it: they are kept for that advocate alone and queued again when they sign back in
 * (app/offline/unsent). Another user signing in, or the advocate signing out, wipes them. The
 * device's steps run one after another, so that a sign-in straight after an expiry finds what the
 * expiry kept.
 */
export function followSession(session: SessionStore, client: QueryClient, device: SessionDevice = appDevice): () => void {
  let owner = diaryOwner(session);
  let fetchedFor: string | null = null;
  let steps = Promise.resolve();
  const then = (step: () => Promise<void>) => {
    steps = steps.then(step).catch(() => undefined); // storage unavailable: nothing more can be kept
  };
  const refresh = () => {
    const { status, user, verifying } = session.getState();
    if (status !== 'authenticated' || !user || verifying || !onlineManager.isOnline() || fetchedFor === user.id) return;
    if (user.role !== 'lawyer' && user.role !== 'moderator' && user.role !== 'demo') return;
    fetchedFor = user.id;
    import('./offline/prefetch').then((m) => m.prefetchDiary(client)).catch(() => {
      fetchedFor = null; // tried again on the next change of session or signal
    });
  };
  const onChange = () => {
    const { status, user, ended } = session.getState();
    const next = status === 'loading' ? owner : (user?.id ?? null);
    if (owner && next !== owner) {
      const left = owner;
      const expired = !next && ended === 'expired';
      const unsent = expired ? pendingNow(client) : [];
      client.clear();
      fetchedFor = null;
      // The screen kept for the next opening is theirs, whether they signed out or expired.
      wipeSnapshot(window.localStorage);
      if (expired) {
        // What this tab holds, then what the diary on the device holds (restored or not yet).
        then(() => device.keepUnsent(left, unsent));
        then(() => device.salvageDiary());
      } else {
        then(() => device.wipeDiary());
        // Signed out (here, or in another tab): nothing of theirs stays.
        if (!next) then(() => device.wipeUnsent());
      }
    }
    // Someone signed in: their kept outcomes are queued again, anyone else's wiped.
    if (next && next !== owner) then(() => device.requeueUnsent(client, next));
    owner = next;
    refresh();
  };
  // Nobody signed in at the start after a session expired: found so as the app opened, before this
  // listened, the diary on the device is still there. Its outcomes waiting to send are kept. (A
  // visitor who never signed in has no end written, and loads nothing for it.)
  if (!owner && readStoredEnd(window.localStorage) === 'expired') then(() => device.salvageDiary());
  // A screen kept for someone whose session ended while the app was closed goes now.
  wipeSnapshotOfOthers(window.localStorage, owner);
  const unsubscribe = session.subscribe(onChange);
  const unsubscribeOnline = onlineManager.subscribe(refresh);
  refresh();
  return () => {
    unsubscribe();
    unsubscribeOnline();
  };
}
