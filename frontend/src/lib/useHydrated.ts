import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False while a page is prerendered and while the browser hydrates it, true once React runs it
 * (and at once on a page React draws itself). A prerendered form is on a slow phone's screen
 * seconds before its script: its button waits on this, because a tap before then submits the
 * form the browser's way, reloading the page and losing what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
