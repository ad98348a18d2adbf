import { Alert, type AlertProps } from '@mantine/core';

/**
 * An Alert on a sign-in screen (a demo, a referral, a refused request). It is drawn with the form,
 * not loaded after it: a notice that arrives later pushes the form down under the person's finger,
 * and a tap on Sign In then lands beside the button (seen in the browser suite on the demo's
 * sign-in). Mantine's Alert costs /login 0.9 KB of gzip JavaScript.
 */
export function Notice(props: AlertProps) {
  return <Alert {...props} />;
}
