import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '@/test/session';
import { SessionProvider, useLogout, useSession, useSessionUser } from './SessionProvider';
import { SessionStore } from './store';
import { readStoredUser, writeStoredUser } from './user';

// What the stored user was when the server was asked to sign out.
const storedAtLogout: unknown[] = [];
vi.mock('./server', () => ({
  logout: vi.fn(() => {
    storedAtLogout.push(readStoredUser(localStorage));
    return Promise.resolve();
  }),
}));

function SignOut() {
  const logout = useLogout();
  return <button onClick={() => void logout()}>Sign Out</button>;
}

function LoginRoute() {
  return <p>login, from {JSON.stringify(useLocation().state)}</p>;
}

/** A signed-in page at `path` with a Sign Out button, and /login showing what it was sent. */
function renderSignOut(store: SessionStore, path: string) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider store={store}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/login" element={<LoginRoute />} />
              <Route path="*" element={<SignOut />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storedAtLogout.length = 0;
});

describe('useLogout', () => {
  it('forgets the stored user before the server revokes the cookies the other tabs share', async () => {
    writeStoredUser(localStorage, sessionUser());
    const store = new SessionStore({ me: () => Promise.resolve(sessionUser()), refresh: () => Promise.resolve() }, localStorage);
    renderSignOut(store, '/');
    await waitFor(() => {
      expect(store.getState()).toMatchObject({ status: 'authenticated', verifying: false });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => {
      expect(storedAtLogout).toHaveLength(1);
    });
    // The other tabs learn of the sign-out from the stored user's removal (a storage event).
    expect(storedAtLogout[0]).toBeNull();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('remembers the page for the next sign-in when it reaches /login before the route guard', async () => {
    // The guard's own redirect can still be loading /login's route when the server answers; this
    // navigation then replaces it, and must remember the page as the guard does.
    writeStoredUser(localStorage, sessionUser());
    const store = new SessionStore({ me: () => Promise.resolve(sessionUser()), refresh: () => Promise.resolve() }, localStorage);
    renderSignOut(store, '/settings?tab=privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('login, from {"from":"/settings?tab=privacy"}')).toBeTruthy();
  });
});

describe('useSessionUser', () => {
  it('draws again when the user changes, not when a check of the session starts or ends', async () => {
    writeStoredUser(localStorage, sessionUser());
    let answer: (user: ReturnType<typeof sessionUser>) => void = () => undefined;
    const me = vi.fn(() => new Promise<ReturnType<typeof sessionUser>>((resolve) => (answer = resolve)));
    const store = new SessionStore({ me, refresh: () => Promise.resolve() }, localStorage);
    const userDrawn = vi.fn();
    const sessionDrawn = vi.fn();
    function UserOnly() {
      userDrawn();
      return <p>{useSessionUser()?.fullname}</p>;
    }
    function WholeSession() {
      sessionDrawn();
      return <p>{useSession().verifying ? 'checking' : 'checked'}</p>;
    }
    render(
      <SessionProvider store={store}>
        <UserOnly />
        <WholeSession />
      </SessionProvider>,
    );
    store.start();
    await waitFor(() => {
      expect(screen.getByText('checking')).toBeTruthy();
    });
    answer(sessionUser());
    await waitFor(() => {
      expect(screen.getByText('checked')).toBeTruthy();
    });
    const afterCheck = userDrawn.mock.calls.length;
    expect(sessionDrawn.mock.calls.length).toBeGreaterThan(afterCheck);
    // A changed profile reaches the screens that read the user.
    store.signedIn(sessionUser({ fullname: 'Wanjiru Kamau-Otieno' }));
    await waitFor(() => {
      expect(screen.getByText('Wanjiru Kamau-Otieno')).toBeTruthy();
    });
    expect(userDrawn).toHaveBeenCalledTimes(afterCheck + 1);
  });
});
