/**
 * The dashboard as last drawn, kept on the device so that opening Kesi again paints the diary from
 * its HTML, before any script has loaded (issue 17: on a cheap phone the app's scripts take seconds
 * to compile and run even from the service worker). index.html's scripts put it into #root
 * when the stored user, the address and Nairobi's day are the ones it was drawn for; the app's
 * first render replaces it (main.tsx restores the diary first, so that render draws the same).
 *
 * It holds what the diary on the device holds (parties, courts, outcomes), in local storage beside
 * the stored user, and goes with it: followSession wipes it whenever the signed-in user goes or
 * changes.
 */
export const SNAPSHOT_KEY = 'kesi.snapshot';

/** What index.html's scripts read; change them together (snapshot.test.ts runs them). */
export interface Snapshot {
  /** The signed-in user it was drawn for: shown only while the stored user is the same. */
  user: string;
  /** The address drawn: shown only on it. */
  path: string;
  /** Nairobi's day it was drawn on ('YYYY-MM-DD'): yesterday's "today" is never shown as today's. */
  day: string;
  /** #root's HTML as the browser serialises it: text escaped, no handlers (React listens at the root). */
  html: string;
}

/** Keeps the snapshot; a full or unavailable storage keeps none (the app draws as before). */
export function keepSnapshot(storage: Storage, snapshot: Snapshot): void {
  try {
    storage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    wipeSnapshot(storage);
  }
}

/** Removes the snapshot from the device. */
export function wipeSnapshot(storage: Storage): void {
  try {
    storage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Storage unavailable: nothing was kept in it.
  }
}

/** Whether index.html's scripts painted a snapshot into root for this load. */
export function paintedSnapshot(root: HTMLElement): boolean {
  return root.dataset.snapshot === window.location.pathname;
}

/**
 * Whether the server painted the page in root with today's matters (app/offline/painted.ts): the
 * app's first render replaces it, as a snapshot.
 */
export function paintedByServer(root: HTMLElement): boolean {
  return root.dataset.painted === window.location.pathname;
}

/** Removes a snapshot drawn for anyone but user (null: nobody is signed in). */
export function wipeSnapshotOfOthers(storage: Storage, user: string | null): void {
  try {
    const raw = storage.getItem(SNAPSHOT_KEY);
    if (raw === null) return;
    const kept = JSON.parse(raw) as Partial<Snapshot> | null;
    if (kept?.user !== user) wipeSnapshot(storage);
  } catch {
    wipeSnapshot(storage);
  }
}
