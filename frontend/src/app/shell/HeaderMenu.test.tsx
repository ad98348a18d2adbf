import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore, sessionUser } from '@/test/session';
import { SessionProvider } from '../session/SessionProvider';
import type { SessionStore } from '../session/store';
import { theme } from '../theme';
import { HeaderMenu } from './HeaderMenu';

function renderMenu(store: SessionStore) {
  render(
    // env="test": Mantine hides a dropdown whose target has no size, as every element has in jsdom.
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider store={store}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <HeaderMenu />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('HeaderMenu (a phone’s More menu)', () => {
  it('draws only the button until it is tapped, then opens on that first tap', async () => {
    renderMenu(sessionStore(sessionUser()));
    expect(screen.queryByRole('menu')).toBeNull();
    // The menu's module loads on this tap; the tap is not lost to it.
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((el) => el.textContent);
    expect(items).toEqual(['Clients', 'Cases Report', 'Cause lists', 'Firm', 'Sign Out']);
  });

  it('asks before signing out, and Cancel keeps the session', async () => {
    const store = sessionStore(sessionUser());
    renderMenu(store);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Kesi on this phone?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(dialog.isConnected).toBe(false);
    });
    expect(store.getState().user).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out of Kesi on this phone?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => {
      expect(store.getState().user).toBeNull();
    });
  });
});
