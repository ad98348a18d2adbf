import { useLayoutEffect, type RefObject } from 'react';

/**
 * What a person typed into a prerendered form before its script ran. On a slow phone the
 * prerendered sign-in and registration pages are on screen seconds before they are live, and
 * people type. The form's state is empty when React arrives, so the first render after
 * hydration would write the empty values back over the text, and a page drawn afresh (a
 * prerendered /register opened as /register?ref=CODE) replaces the inputs altogether. Either
 * way the text went, and a tap on the button then met "Name must be at least 2 characters".
 *
 * The inputs carry `name`s; a typed input's value differs from its `defaultValue` (the markup's).
 */
interface Typed {
  path: string;
  values: Map<string, string>;
  focused: string | null;
}

let captured: Typed | null = null;

function typedIn(root: ParentNode): Map<string, string> {
  const values = new Map<string, string>();
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]:not([type="hidden"])')) {
    if (input.value !== input.defaultValue) values.set(input.name, input.value);
  }
  return values;
}

/**
 * Keeps what was typed into the prerendered page in `root` before main.tsx draws the page
 * afresh (it replaces the prerendered inputs). A hydrated page keeps its inputs, and
 * useTypedAhead reads them there.
 */
export function captureTyped(root: HTMLElement, path: string): void {
  const active = root.ownerDocument.activeElement;
  const focused = active instanceof HTMLInputElement && root.contains(active) && active.name ? active.name : null;
  captured = { path, values: typedIn(root), focused };
}

/**
 * Gives the form in `form` what was typed before the page was live, once, as it mounts: `apply`
 * sets each field (by its input's name) in the form's state. From a hydrated page's own inputs,
 * read before anything re-renders them, or from captureTyped's record of a page drawn afresh;
 * the field that had the cursor gets it back.
 */
export function useTypedAhead(form: RefObject<HTMLFormElement | null>, apply: (name: string, value: string) => void): void {
  // A layout effect: it runs in the commit that hydrates, before the next render writes the
  // state's values into the inputs, and before a page drawn afresh is painted.
  useLayoutEffect(() => {
    const root = form.current;
    if (!root) return;
    const earlier = captured?.path === window.location.pathname ? captured : null;
    captured = null;
    const values = new Map([...(earlier?.values ?? []), ...typedIn(root)]);
    for (const [name, value] of values) apply(name, value);
    if (earlier?.focused) {
      const input = root.elements.namedItem(earlier.focused);
      if (input instanceof HTMLInputElement) input.focus();
    }
    // Once, as the form mounts: a later render's apply must not bring the early text back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
