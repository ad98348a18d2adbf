import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useId } from './mantineUseId';

// React's act() outside @testing-library (which would set this).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Field({ label, id, renders }: { label: string; id?: string; renders: string[] }) {
  const fieldId = useId(id);
  renders.push(fieldId);
  return (
    <p>
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} />
    </p>
  );
}

function Form({ renders }: { renders: string[] }) {
  return (
    <form>
      <Field label="Email" renders={renders} />
      <Field label="Password" renders={renders} />
      <Field label="Case number" id="case-number" renders={renders} />
    </form>
  );
}

describe('useId (in place of @mantine/hooks)', () => {
  it('keeps the ids a prerendered page was drawn with when it is hydrated, in one render', async () => {
    const server: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form renders={server} />);
    const drawn = [...container.querySelectorAll('input')].map((input) => input.id);

    const browser: string[] = [];
    const errors: unknown[] = [];
    const root = await act(() => Promise.resolve(hydrateRoot(container, <Form renders={browser} />, { onRecoverableError: (err) => errors.push(err) })));
    // One render of each field (Mantine's own rendered each again with a random id).
    expect(browser).toEqual(server);
    expect([...container.querySelectorAll('input')].map((input) => input.id)).toEqual(drawn);
    expect(errors).toEqual([]);
    act(() => {
      root.unmount();
    });
  });

  it('answers distinct ids a CSS selector can name, and a given id as given', () => {
    const renders: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form renders={renders} />);
    const [email, password, caseNumber] = renders;
    expect(email).not.toBe(password);
    expect(email).toMatch(/^mantine-[\w-]+$/);
    expect(password).toMatch(/^mantine-[\w-]+$/);
    expect(caseNumber).toBe('case-number');
    expect(container.querySelector(`#${email}`)?.tagName).toBe('INPUT');
  });
});
