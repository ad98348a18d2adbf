import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listenForSessionExpiry, listenForSignOutElsewhere } from './sessionEvents';

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

    expect(session.clear).toHaveBeenCalledExactlyOnceWith('expired');
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

describe('listenForSignOutElsewhere', () => {
  const removed = (key: string | null, newValue: string | null = null) =>
    new StorageEvent('storage', { key, newValue, oldValue: '{"id":"u1"}' });

  it('signs this tab out when another tab removed the stored user', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('x');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['cases'], ['a case']);
    const navigate = vi.fn();
    const session = fakeSession('authenticated');
    const stop = listenForSignOutElsewhere({ navigate, state: { location: { pathname: '/cases' } } }, queryClient, session);
    window.dispatchEvent(removed('kesi.user'));
    window.dispatchEvent(removed('kesi.user'));
    stop();
    expect(session.clear).toHaveBeenCalledExactlyOnceWith('elsewhere');
    expect(queryClient.getQueryData(['cases'])).toBeUndefined();
    expect(show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'You signed out in another tab.' }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login', { replace: true });
  });

  it('ignores other keys, a stored user being written, and a tab already signed out', () => {
    const navigate = vi.fn();
    const signedIn = fakeSession('authenticated');
    const stop = listenForSignOutElsewhere({ navigate, state: { location: { pathname: '/cases' } } }, new QueryClient(), signedIn);
    window.dispatchEvent(removed('kesi.other'));
    window.dispatchEvent(removed('kesi.user', '{"id":"u1"}'));
    stop();
    const signedOut = fakeSession('unauthenticated');
    const stop2 = listenForSignOutElsewhere({ navigate, state: { location: { pathname: '/' } } }, new QueryClient(), signedOut);
    window.dispatchEvent(removed('kesi.user'));
    stop2();
    expect(signedIn.clear).not.toHaveBeenCalled();
    expect(signedOut.clear).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
