import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore, sessionUser } from '@/test/session';
import { decide, RouteGuard, VERIFYING_TEXT } from './RouteGuard';
import { SessionProvider } from './session/SessionProvider';
import type { SessionStore } from './session/store';
import { theme } from './theme';

const lawyer = sessionUser({ role: 'lawyer' });
const affiliate = sessionUser({ role: 'affiliate', affiliate_code: 'AFF1' });
const diary = ['lawyer', 'moderator', 'demo'] as const;

describe('decide', () => {
  it('waits while loading, and while verifying with no user', () => {
    expect(decide({ status: 'loading', user: null, verifying: false }, diary)).toEqual({ kind: 'verifying' });
    expect(decide({ status: 'unauthenticated', user: null, verifying: true }, diary)).toEqual({ kind: 'verifying' });
  });
  it('sends anyone without a session to /login', () => {
    expect(decide({ status: 'unauthenticated', user: null, verifying: false }, diary)).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('trusts the stored user at once while verifying in the background', () => {
    expect(decide({ status: 'authenticated', user: lawyer, verifying: true }, diary)).toEqual({ kind: 'allow', verifying: true });
  });
  it('sends a wrong role home: affiliates to theirs, others to /dashboard', () => {
    expect(decide({ status: 'authenticated', user: affiliate, verifying: false }, diary)).toEqual({
      kind: 'redirect',
      to: '/affiliate-dashboard',
    });
    expect(decide({ status: 'authenticated', user: lawyer, verifying: false }, ['affiliate'])).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(
      decide({ status: 'authenticated', user: sessionUser({ role: 'demo' }), verifying: false }, ['affiliate'], () => '/login'),
    ).toEqual({ kind: 'redirect', to: '/login' });
  });
});

function renderGuarded(store: SessionStore, path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/affiliate-dashboard', element: <p>affiliate page</p> },
      {
        element: <RouteGuard roles={diary} />,
        children: [{ path: '/settings', element: <p>settings page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider store={store}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('RouteGuard', () => {
  it('shows the page to an allowed role', async () => {
    renderGuarded(sessionStore(lawyer), '/settings');
    expect(await screen.findByText('settings page')).toBeDefined();
  });
  it('sends an anonymous visitor to /login', async () => {
    renderGuarded(sessionStore(null), '/settings');
    expect(await screen.findByText('login page')).toBeDefined();
  });
  it('sends an affiliate to the affiliate dashboard', async () => {
    renderGuarded(sessionStore(affiliate), '/settings');
    expect(await screen.findByText('affiliate page')).toBeDefined();
  });
  it('says it is verifying the session while nothing is known yet', () => {
    const store = sessionStore(null);
    // A fresh store that has not started is still loading.
    const loading = Object.create(store) as SessionStore;
    const state = { status: 'loading', user: null, verifying: false, checkedAt: 0 };
    Object.defineProperty(loading, 'getState', { value: () => state });
    Object.defineProperty(loading, 'start', { value: () => undefined });
    renderGuarded(loading, '/settings');
    expect(screen.getByText(VERIFYING_TEXT)).toBeDefined();
  });
});
