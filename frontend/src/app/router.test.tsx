import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { transport, TransportProvider } from '@/api/connect';
import { sessionStore } from '@/test/session';
import { routes } from './router';
import { SessionProvider } from './session/SessionProvider';
import { theme } from './theme';

/** Each page is a lazy chunk: its first import can take seconds on a busy machine. */
const LAZY = { timeout: 10_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TransportProvider transport={transport}>
          <SessionProvider store={sessionStore(null)}>
            <RouterProvider router={router} />
          </SessionProvider>
        </TransportProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('routes', () => {
  it('shows the landing page at / to a visitor, with the four buttons', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your court diary, always one step ahead' }, LAZY)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Try Demo' }).getAttribute('href')).toBe('/login?demo=true');
    expect(screen.getByRole('link', { name: 'Join Affiliate' }).getAttribute('href')).toBe('/affiliate');
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) expect(link.getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Sign In Now' }).getAttribute('href')).toBe('/login');
  });

  it('sends a visitor opening a signed-in page to /login', async () => {
    renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' }, LAZY)).toBeDefined();
  });

  it('answers any other path with Page Not Found', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, LAZY)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
