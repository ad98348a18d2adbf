import { onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { createDiaryPersister, saveOnChange } from './offline/persistence';
import { DIARY_MAX_AGE_MS } from './diaryAge';

export { readDiaryAhead } from './offline/persistence';

/**
 * The diary kept on the device (app/offline/persistence), wired to the app's query client. Only
 * someone signed in has one, so App loads this module when there is a signed-in user, never with
 * a visitor's public page (issue 17).
 */

/** What is kept and for whom: the answers the screens got, and outcomes not yet on the server. */
export function diaryOptions(client: QueryClient, owner: () => string | null): PersistQueryClientOptions {
  const persister = createDiaryPersister(owner);
  return {
    // The persister packages are typed against an older query-core; the build has one copy of it
    // (vite.config.ts: dedupe), the app's.
    queryClient: client as unknown as PersistQueryClientOptions['queryClient'],
    persister: {
      ...persister,
      // Outcomes kept on the device come back with the diary, and each is rebuilt with the function
      // that sends it: it comes with the Connect client, loaded first only when there are any.
      async restoreClient() {
        const stored = await persister.restoreClient();
        if (stored?.clientState.mutations.length) (await import('./ConnectLayout')).installDiaryCalls(client);
        return stored;
      },
    },
    maxAge: DIARY_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.status === 'success',
      // Outcomes not yet on the server, paused or in flight, are kept with the diary.
      shouldDehydrateMutation: (m) => m.state.status === 'pending',
    },
  };
}

/**
 * Puts the kept diary into the cache. It paints at once; with signal, it is then checked against
 * the server (a reload must not show the last visit's answers as fresh for their whole stale
 * time), after the outcomes waiting to send have gone. A diary that cannot be read is skipped.
 */
export async function restoreDiary(options: PersistQueryClientOptions): Promise<void> {
  try {
    await persistQueryClientRestore(options);
    await options.queryClient.resumePausedMutations();
    if (onlineManager.isOnline()) await options.queryClient.invalidateQueries();
  } catch {
    // Nothing kept is shown; the screens ask the server.
  }
}

/** Writes the diary to the device as the cache changes (saveOnChange); answers the unsubscribe function. */
export function keepDiary(options: PersistQueryClientOptions): () => void {
  return saveOnChange(options.queryClient as unknown as QueryClient, () => void persistQueryClientSave(options).catch(() => undefined));
}

/** Removes the diary from the device. */
export async function wipeDiary(): Promise<void> {
  await createDiaryPersister(() => null).removeClient();
}
