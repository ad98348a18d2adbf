import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED_EVENT, SESSION_EXPIRED_MESSAGE, SIGNED_OUT_ELSEWHERE_ID, SIGNED_OUT_ELSEWHERE_MESSAGE } from '@/api/events';
import { readStoredEnd, USER_KEY } from './session/user';

interface Navigator {
  navigate: (to: string, opts: { replace: boolean }) => unknown;
  state: { location: { pathname: string } };
}

/** The part of the session the listener needs: whether one is believed to exist, and forgetting it. */
interface Session {
  getState(): { status: string };
  clear(ended?: 'expired' | 'elsewhere'): void;
}

/**
 * Signs the person out in the app when the API layer could not renew the session:
 * forgets cached data, says why, and goes to /login. An anonymous visitor's failed refresh
 * (no session was believed to exist) is ignored. Returns the unsubscribe function.
 */
export function listenForSessionExpiry(router: Navigator, queryClient: QueryClient, session: Session): () => void {
  const onExpired = () => {
    if (session.getState().status !== 'authenticated') return;
    // An expiry, not a sign-out: the outcomes waiting to send are kept for this advocate (followSession).
    session.clear('expired');
    queryClient.clear();
    notifications.clean();
    // A fixed id shows one toast however many calls failed together.
    notifications.show({ id: SESSION_EXPIRED_EVENT, color: 'red', message: SESSION_EXPIRED_MESSAGE });
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  };
  window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
  return () => {
    window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  };
}

/**
 * Signs this tab out at once when another tab of the same browser signed out: that tab removed the
 * stored user, and the browser tells every other tab with a storage event. The cookies are already
 * gone, so this tab only forgets its cached data and goes to /login. Returns the unsubscribe function.
 */
export function listenForSignOutElsewhere(router: Navigator, queryClient: QueryClient, session: Session, win: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key !== null && event.key !== USER_KEY) return;
    if (event.newValue !== null || session.getState().status !== 'authenticated') return;
    // That tab signed out, or found the session expired (it wrote which): after an expiry this tab
    // keeps the outcomes it holds that wait to send, as that tab kept its own (followSession).
    session.clear(readStoredEnd(win.localStorage) === 'expired' ? 'expired' : 'elsewhere');
    queryClient.clear();
    notifications.clean();
    notifications.show({ id: SIGNED_OUT_ELSEWHERE_ID, color: 'blue', message: SIGNED_OUT_ELSEWHERE_MESSAGE });
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  };
  win.addEventListener('storage', onStorage);
  return () => {
    win.removeEventListener('storage', onStorage);
  };
}
