import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listenForSessionExpiry } from './sessionEvents';

function fakeSession(status: string) {
  const session = {
    status,
    getState: () => ({ status: session.status }),
    clear: vi.fn(() => {
      session.status = 'unauthenticated';
    }),
  };
  return session;
}

describe('listenForSessionExpiry', () => {
  it('forgets the session and cached data, says why and goes to /login', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('session-expired');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['cases'], ['a case']);
    const navigate = vi.fn();
    const session = fakeSession('authenticated');
    const stop = listenForSessionExpiry({ navigate, state: { location: { pathname: '/cases' } } }, queryClient, session);

    window.dispatchEvent(new Event('sessionExpired'));
    window.dispatchEvent(new Event('sessionExpired'));
    stop();

    expect(session.clear).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['cases'])).toBeUndefined();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your session has expired. Please log in again.' }),
    );
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login', { replace: true });
  });

  it('ignores an anonymous visitor whose refresh failed', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('x');
    const navigate = vi.fn();
    const session = fakeSession('unauthenticated');
    const stop = listenForSessionExpiry({ navigate, state: { location: { pathname: '/' } } }, new QueryClient(), session);
    window.dispatchEvent(new Event('sessionExpired'));
    stop();
    expect(show).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(session.clear).not.toHaveBeenCalled();
  });
});
