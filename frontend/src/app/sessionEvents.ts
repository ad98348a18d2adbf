import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED_EVENT, SESSION_EXPIRED_MESSAGE } from '@/api/events';

interface Navigator {
  navigate: (to: string, opts: { replace: boolean }) => unknown;
  state: { location: { pathname: string } };
}

/** The part of the session the listener needs: whether one is believed to exist, and forgetting it. */
interface Session {
  getState(): { status: string };
  clear(): void;
}

/**
 * Signs the person out in the app when the API layer could not renew the session:
 * forgets cached data, says why, and goes to /login. An anonymous visitor's failed refresh
 * (no session was believed to exist) is ignored. Returns the unsubscribe function.
 */
export function listenForSessionExpiry(router: Navigator, queryClient: QueryClient, session: Session): () => void {
  const onExpired = () => {
    if (session.getState().status !== 'authenticated') return;
    session.clear();
    queryClient.clear();
    // A fixed id shows one toast however many calls failed together.
    notifications.show({ id: SESSION_EXPIRED_EVENT, color: 'red', message: SESSION_EXPIRED_MESSAGE });
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  };
  window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
  return () => {
    window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  };
}
