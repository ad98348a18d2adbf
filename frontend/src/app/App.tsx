import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { transport, TransportProvider } from '@/api/connect';
import { ConflictDialog } from './offline/ConflictDialog';
import { createDiaryPersister, DIARY_MAX_AGE_MS } from './offline/persistence';
import { prefetchDiary } from './offline/prefetch';
import { createQueryClient } from './queryClient';
import { router } from './router';
import { createSessionStore, SessionProvider } from './session/SessionProvider';
import type { SessionStore } from './session/store';
import { readStoredUser } from './session/user';
import { listenForSessionExpiry, listenForSignOutElsewhere } from './sessionEvents';
import { cssVariablesResolver, theme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';

/** Whose diary may be kept on the device: the signed-in user's (the stored one until the store starts). */
function diaryOwner(session: SessionStore): string | null {
  const state = session.getState();
  if (state.status === 'loading') return readStoredUser(window.localStorage)?.id ?? null;
  return state.user?.id ?? null;
}

/**
 * Keeps the cache to one person: when the signed-in user goes (sign-out, expiry) or another signs
 * in on the phone, the cache and the diary on the device are wiped; when someone is signed in with
 * signal, the diary they need offline is fetched.
 */
function followSession(session: SessionStore, client: QueryClient, wipe: () => Promise<void>): () => void {
  let owner = diaryOwner(session);
  let fetchedFor: string | null = null;
  const refresh = () => {
    const { status, user, verifying } = session.getState();
    if (status !== 'authenticated' || !user || verifying || !onlineManager.isOnline() || fetchedFor === user.id) return;
    if (user.role !== 'lawyer' && user.role !== 'moderator' && user.role !== 'demo') return;
    fetchedFor = user.id;
    prefetchDiary(client).catch(() => {
      fetchedFor = null; // tried again on the next change of session or signal
    });
  };
  const onChange = () => {
    const next = session.getState().status === 'loading' ? owner : (session.getState().user?.id ?? null);
    if (owner && next !== owner) {
      client.clear();
      void wipe();
      fetchedFor = null;
    }
    owner = next;
    refresh();
  };
  const unsubscribe = session.subscribe(onChange);
  const unsubscribeOnline = onlineManager.subscribe(refresh);
  refresh();
  return () => {
    unsubscribe();
    unsubscribeOnline();
  };
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [session] = useState(createSessionStore);
  const [persister] = useState(() => createDiaryPersister(() => diaryOwner(session)));
  useEffect(() => listenForSessionExpiry(router, queryClient, session), [queryClient, session]);
  useEffect(() => listenForSignOutElsewhere(router, queryClient, session), [queryClient, session]);
  useEffect(() => followSession(session, queryClient, async () => {
    await persister.removeClient();
  }), [session, queryClient, persister]);
  return (
    <TransportProvider transport={transport}>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <UpdatePrompt />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: DIARY_MAX_AGE_MS,
          dehydrateOptions: {
            shouldDehydrateQuery: (q) => q.state.status === 'success',
            // Outcomes not yet on the server, paused or in flight, are kept with the diary.
            shouldDehydrateMutation: (m) => m.state.status === 'pending',
          },
        }}
        // The restored diary paints at once; with signal, it is then checked against the server
        // (a reload must not show the last visit's answers as fresh for their whole stale time),
        // after the outcomes waiting to send have gone.
        onSuccess={() =>
          queryClient.resumePausedMutations().then(() => {
            if (onlineManager.isOnline()) return queryClient.invalidateQueries();
          })
        }
      >
        <SessionProvider store={session}>
          <ConflictDialog />
          <RouterProvider router={router} />
        </SessionProvider>
      </PersistQueryClientProvider>
    </MantineProvider>
    </TransportProvider>
  );
}
