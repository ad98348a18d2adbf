import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { createSessionStore } from './session/SessionProvider';

/** A screen as wide as `px`, as Mantine's useMediaQuery asks for it (only max-width queries here). */
function screenWidth(px: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const matches = max ? px <= Number(max[1]) * 16 : false;
    return Object.assign(new EventTarget(), { matches, media: query, onchange: null }) as unknown as MediaQueryList;
  };
}

/** Where the app draws a toast shown on a screen `px` wide: its container's position. */
async function toastPosition(px: number): Promise<string | null> {
  screenWidth(px);
  const router = createMemoryRouter([{ path: '/', element: <p>Court Calendar</p> }]);
  render(<App router={router} session={createSessionStore(window.localStorage)} />);
  act(() => {
    notifications.show({ message: 'Loaded cases for Thu 5 Nov 2026' });
  });
  const toast = await screen.findByText('Loaded cases for Thu 5 Nov 2026');
  return toast.closest('[data-position]')?.getAttribute('data-position') ?? null;
}

describe('the app’s toasts', () => {
  const desktop = window.matchMedia.bind(window);
  afterEach(() => {
    window.matchMedia = desktop;
    act(() => {
      notifications.clean();
    });
  });

  // At 360 px a toast at the top right lay over the page's heading ("Loaded cases for ..." over
  // "Court Calendar"): a phone's toasts come up from the bottom, above the tab bar.
  it('stand at the bottom on a phone', async () => {
    expect(await toastPosition(360)).toBe('bottom-center');
  });

  it('stand at the top right on a desktop', async () => {
    expect(await toastPosition(1366)).toBe('top-right');
  });
});
