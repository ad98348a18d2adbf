import { useEffect } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { todayIsoDate } from '@/lib/dates';
import { keepSnapshot } from './snapshot';

/**
 * Root's HTML with each list marked `data-snapshot-limit` cut to that many items: the snapshot is
 * what the first screens show, read and drawn on every opening, and a week of a busy practice's
 * matters below them would make it several times larger (the app's first render adds the rest).
 */
export function firstScreens(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const list of copy.querySelectorAll<HTMLElement>('[data-snapshot-limit]')) {
    const limit = Number(list.dataset.snapshotLimit);
    while (list.children.length > limit) list.lastElementChild?.remove();
  }
  return copy.innerHTML;
}

/** How long after the last change the screen is taken: a burst of answers is taken once. */
const SETTLE_MS = 1000;

/**
 * Keeps the screen as drawn once `drawn` (the screen's lists have their answers, from the server)
 * and nothing has changed for a second. `version` changes whenever what is drawn changes. Taken
 * only with signal: a screen drawn offline carries the offline bar and may be behind the server.
 */
export function useKeepSnapshot(user: string | undefined, drawn: boolean, version: unknown): void {
  useEffect(() => {
    if (!user || !drawn) return;
    const timer = window.setTimeout(() => {
      const root = document.getElementById('root');
      if (!root || !onlineManager.isOnline()) return;
      keepSnapshot(window.localStorage, { user, path: window.location.pathname, day: todayIsoDate(), html: firstScreens(root) });
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [user, drawn, version]);
}
