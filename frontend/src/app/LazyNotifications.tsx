import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/**
 * Mantine's notification system, loaded with the first notification shown: notifications.show()
 * only writes to a small store, and the container that draws them (transitions, portal) stays
 * out of the first load of every page (issue 17). It reads the store when it mounts, so the
 * notification that brought it in shows. Where they stand on a phone is decided there (./Toasts).
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts {...props} />
    </Suspense>
  );
}
