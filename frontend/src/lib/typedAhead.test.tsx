import { act, useRef, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { captureTyped, useTypedAhead } from './typedAhead';

/** A controlled form as the auth pages have: its state starts empty, as prerendered. */
function SignIn({ extra = false }: { extra?: boolean }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const form = useRef<HTMLFormElement>(null);
  useTypedAhead(form, (name, value) => {
    if (name === 'email' || name === 'password') setValues((v) => ({ ...v, [name]: value }));
  });
  return (
    <form ref={form}>
      {extra && <p>Referred by an affiliate</p>}
      <input type="hidden" name="role" value="" readOnly />
      <input name="email" aria-label="email" value={values.email} onChange={(e) => { setValues({ ...values, email: e.target.value }); }} />
      <input name="password" aria-label="password" value={values.password} onChange={(e) => { setValues({ ...values, password: e.target.value }); }} />
      <output>{`${values.email}|${values.password}`}</output>
    </form>
  );
}

let container: HTMLDivElement;
let root: Root | null = null;

function prerendered(): HTMLDivElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn />);
  document.body.append(container);
  return container;
}

/** Types as a person does before any script: the value changes, the markup does not. */
function type(name: string, text: string): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input ${name}`);
  input.focus();
  input.value = text;
  return input;
}

/** As main.tsx draws a page afresh: what was typed kept as typed on `path` (none: nothing kept), then a new root. */
async function drawAfresh(path: string | null, page = <SignIn />): Promise<void> {
  if (path !== null) captureTyped(container, path);
  container.replaceChildren();
  await act(async () => {
    root = createRoot(container);
    root.render(page);
    await Promise.resolve();
  });
}

const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('useTypedAhead', () => {
  it('keeps what was typed into a prerendered form through hydration and the renders after it', async () => {
    prerendered();
    type('email', 'wanjiru@example.co.ke');
    type('password', 'siri ya mahakama');
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <SignIn />, { onRecoverableError: (e) => errors.push(e) });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('output')?.textContent).toBe('wanjiru@example.co.ke|siri ya mahakama');
    expect(field('email')).toBe('wanjiru@example.co.ke');
    // A later render writes the state into the inputs: the text is the state's now.
    await act(async () => {
      root?.render(<SignIn />);
      await Promise.resolve();
    });
    expect(field('password')).toBe('siri ya mahakama');
  });

  it('keeps it, and the cursor, when the page is drawn afresh over the prerendered one', async () => {
    prerendered();
    type('password', 'x');
    type('email', 'otieno@example.co.ke');
    await drawAfresh(window.location.pathname, <SignIn extra />);
    expect(container.querySelector('output')?.textContent).toBe('otieno@example.co.ke|x');
    expect(document.activeElement).toBe(container.querySelector('input[name="email"]'));
  });

  it('gives the early text once: a form mounted later starts empty', async () => {
    prerendered();
    type('email', 'once@example.co.ke');
    await drawAfresh(window.location.pathname);
    act(() => root?.unmount());
    await drawAfresh(null);
    expect(field('email')).toBe('');
  });

  it('gives nothing typed on another page', async () => {
    prerendered();
    type('email', 'elsewhere@example.co.ke');
    await drawAfresh('/register');
    expect(field('email')).toBe('');
  });

  it('leaves an untouched form empty', async () => {
    prerendered();
    await act(async () => {
      root = hydrateRoot(container, <SignIn />);
      await Promise.resolve();
    });
    expect(container.querySelector('output')?.textContent).toBe('|');
  });
});
