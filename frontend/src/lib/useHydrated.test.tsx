import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './useHydrated';

function Probe() {
  return <p>{useHydrated() ? 'live' : 'waiting'}</p>;
}

describe('useHydrated', () => {
  it('is false in the prerendered page and true once hydrated', async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('waiting');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: (e) => errors.push(e) });
      await Promise.resolve();
    });
    expect(container.textContent).toBe('live');
    expect(errors).toEqual([]); // no mismatch: the hydrating render still said 'waiting'
    container.remove();
  });

  it('is true at once on a page the browser draws itself', () => {
    render(<Probe />);
    expect(screen.getByText('live')).toBeDefined();
  });
});
