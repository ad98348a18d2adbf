import type { AlertProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('./MantineAlert'));

/**
 * An Alert on a sign-in screen. Most visits show none (it says a demo, a referral, a refused
 * request), so Mantine's Alert is not part of the page's first load (issue 17): it loads when one
 * is first shown.
 */
export function Notice(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
