import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { LandingPage } from './LandingPage';

function renderLanding() {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function serverSays(config: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(config), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('LandingPage and KESI_DEMO', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Try Demo when the server has a demo', async () => {
    const fetchMock = serverSays({ demo: true });
    renderLanding();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything());
    });
    expect(screen.getByRole('link', { name: 'Try Demo' }).getAttribute('href')).toBe('/login?demo=true');
  });

  it('hides Try Demo when the operator turned the demo off', async () => {
    serverSays({ demo: false });
    renderLanding();
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Try Demo' })).toBeNull();
    });
    expect(screen.getByRole('link', { name: 'Join Affiliate' })).toBeDefined();
  });
});
