import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listenForSessionExpiry } from './sessionEvents';

describe('listenForSessionExpiry', () => {
  it('forgets cached data, says why and goes to /login', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('session-expired');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['cases'], ['a case']);
    const navigate = vi.fn();
    const stop = listenForSessionExpiry({ navigate, state: { location: { pathname: '/cases' } } }, queryClient);

    window.dispatchEvent(new Event('sessionExpired'));
    stop();
    window.dispatchEvent(new Event('sessionExpired'));

    expect(queryClient.getQueryData(['cases'])).toBeUndefined();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your session has expired. Please log in again.' }),
    );
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login', { replace: true });
  });
});
