import { Autocomplete, createTheme, Modal, Notification, Select, type CSSVariablesResolver } from '@mantine/core';

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
  components: {
    // Toasts' and dialogs' close buttons need a name for screen readers.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // A dropdown placed in the document (absolute) below a scrolled dialog on a phone made the
    // page taller, which moved it, which made the page shorter again: it opened and closed by
    // itself and the tapped option was missed. Fixed to the viewport it moves nothing.
    Select: Select.extend({ defaultProps: { comboboxProps: { floatingStrategy: 'fixed' } } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { comboboxProps: { floatingStrategy: 'fixed' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
