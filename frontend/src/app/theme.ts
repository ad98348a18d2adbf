import {
  createTheme,
  type AutocompleteProps,
  type CSSVariablesResolver,
  type ModalProps,
  type NotificationProps,
  type SelectProps,
} from '@mantine/core';

/**
 * The one place the look is decided. Mantine's `sm` breakpoint (48em) is SPEC.md's 768px.
 * Shade 8 of the primary colour and a darker "dimmed" grey keep text at WCAG AA contrast
 * (Mantine's defaults, blue 6 and gray 6, fall short of 4.5:1 on white).
 */
export const theme = createTheme({
  // People who ask their phone for less motion get no transitions.
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects rather than Modal.extend() and the like: those import the components
  // themselves (Modal, Select with Combobox, Popover, floating-ui) into every page's first
  // load, the login page's included (issue 17). The props are checked against each component's.
  components: {
    // Toasts' and dialogs' close buttons need a name for screen readers.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps> },
    // A dropdown placed in the document (absolute) below a scrolled dialog on a phone made the
    // page taller, which moved it, which made the page shorter again: it opened and closed by
    // itself and the tapped option was missed. Fixed to the viewport it moves nothing.
    Select: { defaultProps: { comboboxProps: { floatingStrategy: 'fixed' } } satisfies Partial<SelectProps> },
    Autocomplete: { defaultProps: { comboboxProps: { floatingStrategy: 'fixed' } } satisfies Partial<AutocompleteProps> },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
