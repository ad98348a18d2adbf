import { createTheme } from '@mantine/core';

/** The one place the look is decided. Mantine's `sm` breakpoint (48em) is SPEC.md's 768px. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
