/**
 * The second argument of a Mantine form's onSubmit: after a refused submit, focus moves to the
 * first field marked invalid, so a keyboard or screen-reader user lands on what to fix (and a
 * phone scrolls to it). The errors render on the next frame, hence the wait.
 */
export function focusFirstInvalid(_errors?: unknown, _values?: unknown, event?: { currentTarget?: EventTarget | null }): void {
  const scope = event?.currentTarget instanceof HTMLElement ? event.currentTarget : document;
  requestAnimationFrame(() => {
    scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
