import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LandingPage } from './LandingPage';

function renderLanding() {
  renderWithProviders(<LandingPage />);
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
