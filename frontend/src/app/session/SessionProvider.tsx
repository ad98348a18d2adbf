import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isNetworkError } from '@/api/errorText';
import { SessionStore, TICK_MS, UnreachableError, type SessionState } from './store';
import { sentToLogin, type SessionUser } from './user';

/**
 * The session's calls, with the Connect client they bring, loaded when first needed: a visitor
 * with no stored session never needs them on a public page (issue 17). A load that fails for lack
 * of signal is, like a call, "could not reach the server".
 */
const loadServer = () => import('./server');

/** Runs a call to the server, telling "could not reach it" apart from its answers. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw isNetworkError(err) ? new UnreachableError(err) : err;
  }
}

/**
 * The app's session store, talking to the server without the refresh interceptor. `storage` is
 * the browser's localStorage; the build-time render of the public pages passes an empty one.
 */
export function createSessionStore(storage: Storage = window.localStorage): SessionStore {
  return new SessionStore(
    {
      me: () => reach(async () => (await loadServer()).me()),
      refresh: () => reach(async () => (await loadServer()).refreshSession()),
    },
    storage,
  );
}

const SessionContext = createContext<SessionStore | null>(null);

/**
 * Starts the session (restore, then verify), ticks every 60 s while mounted, and verifies again
 * when the signal returns (a session kept on the device offline is confirmed then).
 */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  useEffect(() => {
    store.start();
    const timer = window.setInterval(() => {
      store.tick();
    }, TICK_MS);
    const onOnline = () => {
      if (store.getState().status === 'authenticated') void store.verify();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [store]);
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession outside SessionProvider');
  return store;
}

/** The current auth state; re-renders on every change. */
export function useSession(): SessionState {
  const store = useSessionStore();
  // The same state on the server (prerendered public pages) and while hydrating.
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * The signed-in user alone: a screen that reads nothing else is not drawn again when the session's
 * verifying flag or check time changes (a whole dashboard redrawn on a phone, issue 17).
 */
export function useSessionUser(): SessionUser | null {
  const store = useSessionStore();
  const user = () => store.getState().user;
  return useSyncExternalStore(store.subscribe, user, user);
}

export const LOGOUT_TEXT = {
  success: 'You have been logged out successfully.',
  failure: "Logout failed but you've been logged out locally.",
};

/** Signs out on the server, forgets everything local and goes to /login. */
export function useLogout(): () => Promise<void> {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Where the person was, remembered for after the next sign-in, as the route guard does.
  const { from } = sentToLogin(useLocation());
  return useCallback(async () => {
    // Forgotten here before the server is told: the other tabs follow at once, on the stored
    // user's removal, rather than meeting a call refused for the revoked cookies they share and
    // telling their person the session expired.
    store.clear();
    let ok = true;
    try {
      await (await loadServer()).logout();
    } catch {
      ok = false;
    }
    queryClient.clear();
    // No toast of the signed-in session outlives it.
    notifications.clean();
    notifications.show(
      ok
        ? { color: 'green', message: LOGOUT_TEXT.success }
        : { color: 'yellow', message: LOGOUT_TEXT.failure },
    );
    // The route guard has often gone there already; when it is still loading /login's route, the
    // server's answer comes first, and this navigation replaces the guard's: both remember the page.
    if (window.location.pathname !== '/login') await navigate('/login', { replace: true, state: { from } });
  }, [store, queryClient, navigate, from]);
}
