import { lazy, Suspense, useEffect, useState } from 'react';
import { onConflict, type Conflict, type Keep } from './conflict';

const ConflictModal = lazy(() => import('./ConflictModal').then((m) => ({ default: m.ConflictModal })));

/**
 * Asks the advocate which version to keep when an outcome recorded offline meets a case that
 * changed on the server meanwhile. Their typed outcome stays on screen either way.
 */
export function ConflictDialog() {
  const [pending, setPending] = useState<{ conflict: Conflict; answer: (keep: Keep) => void } | null>(null);
  useEffect(
    () =>
      onConflict(
        (conflict) =>
          new Promise<Keep>((resolve) => {
            setPending({ conflict, answer: resolve });
          }),
      ),
    [],
  );
  if (!pending) return null;
  const { conflict, answer } = pending;
  const choose = (keep: Keep) => {
    setPending(null);
    answer(keep);
  };
  return (
    <Suspense fallback={null}>
      <ConflictModal conflict={conflict} choose={choose} />
    </Suspense>
  );
}
