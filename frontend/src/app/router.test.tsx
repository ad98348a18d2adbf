import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { theme } from './theme';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('routes', () => {
  it('shows the landing placeholder at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Kesi' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
  });

  it('answers any other path with Page Not Found', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
