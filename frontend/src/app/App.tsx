import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { diaryOwner, followSession } from './followSession';
import { LazyNotifications } from './LazyNotifications';
import { createQueryClient } from './queryClient';
import { SessionProvider } from './session/SessionProvider';
import type { SessionStore } from './session/store';
import { listenForSessionExpiry, listenForSignOutElsewhere } from './sessionEvents';
import { cssVariablesResolver, theme } from './theme';

const loadPersistence = () => import('./diaryPersistence');

/**
 * The query client, with the signed-in user's diary kept on the device (app/diaryPersistence):
 * a stored user's diary is restored before the screens ask for anything (they wait while
 * useIsRestoring is true), and from then on every change is written. A visitor has no diary: its
 * code loads once someone signs in (issue 17).
 */
function DiaryCache({ client, session, restored, children }: { client: QueryClient; session: SessionStore; restored: boolean; children: ReactNode }) {
  // Restored before the first render (main.tsx, under a snapshot): only kept from here on.
  const [restoredFirst] = useState(restored);
  const [isRestoring, setIsRestoring] = useState(() => !restoredFirst && diaryOwner(session) !== null);
  useEffect(() => {
    let cancelled = false;
    const ended = () => cancelled;
    let stopKeeping: (() => void) | undefined;
    let stopWaiting: (() => void) | undefined;
    const owner = () => diaryOwner(session);
    const keep = (restore: boolean) => {
      loadPersistence()
        .then(async (p) => {
          if (ended()) return;
          const options = p.diaryOptions(client, owner);
          if (restore) await p.restoreDiary(options);
          if (!ended()) stopKeeping = p.keepDiary(options);
        })
        .catch(() => undefined) // no module without signal and without the service worker: nothing kept
        .finally(() => {
          if (!ended()) setIsRestoring(false);
        });
    };
    if (owner()) keep(!restoredFirst);
    else {
      const stop = session.subscribe(() => {
        if (!owner()) return;
        stop();
        keep(false);
      });
      stopWaiting = stop;
    }
    return () => {
      cancelled = true;
      stopWaiting?.();
      stopKeeping?.();
    };
  }, [client, session, restoredFirst]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

/** Asks an advocate which outcome to keep; only a signed-in person has outcomes to replay. */
const ConflictDialog = lazy(() => import('./offline/ConflictDialog').then((m) => ({ default: m.ConflictDialog })));
/** Registers the service worker and offers new versions. */
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * What only a signed-in person needs, loaded once someone is: the service worker (it keeps the
 * app and their diary for court with no signal; a visitor's first load of the public pages does
 * not download the whole app for it, issue 17) and the dialog of outcomes replayed from the phone.
 * Once registered the worker stays: it is not unregistered at sign-out.
 */
function WhenSignedIn({ session }: { session: SessionStore }) {
  const signedIn = useSyncExternalStore(session.subscribe, () => session.getState().user !== null, () => false);
  const [seen, setSeen] = useState(false);
  if (signedIn && !seen) setSeen(true);
  if (!seen) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
      {signedIn && <ConflictDialog />}
    </Suspense>
  );
}

/**
 * The app: its providers, in one place (main.tsx renders it in the browser, src/prerender at
 * build time for the public pages). `view` replaces the browser's RouterProvider when prerendering.
 */
export function App({
  router,
  session,
  view,
  queryClient: given,
  diaryRestored = false,
}: {
  router: DataRouter;
  session: SessionStore;
  view?: ReactNode;
  /** The query client, when main.tsx made it (to restore the diary into it before this render). */
  queryClient?: QueryClient;
  /** Whether the diary kept on the device is in queryClient already. */
  diaryRestored?: boolean;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => listenForSessionExpiry(router, queryClient, session), [router, queryClient, session]);
  useEffect(() => listenForSignOutElsewhere(router, queryClient, session), [router, queryClient, session]);
  useEffect(() => followSession(session, queryClient), [session, queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LazyNotifications />
      <DiaryCache client={queryClient} session={session} restored={diaryRestored}>
        <SessionProvider store={session}>
          <WhenSignedIn session={session} />
          {view ?? <RouterProvider router={router} />}
        </SessionProvider>
      </DiaryCache>
    </MantineProvider>
  );
}
