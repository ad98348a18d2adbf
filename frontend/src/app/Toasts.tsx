import { Notifications } from '@mantine/notifications/Notifications';
import type { NotificationsProps } from '@mantine/notifications';
import { useIsMobile } from '@/hooks/useListFreshness';
import './toasts.css';

/** The class toasts.css lifts above the tab bar. */
export const TOASTS_CLASS = 'kesi-toasts';

/**
 * The app's toasts. A desktop has them top right, beside the content. On a phone the top is the
 * page's heading, which a stack of toasts ("Loaded cases for ...") covered: there they rise from
 * the bottom, above the tab bar (toasts.css), where they hide only the end of a long list.
 */
export function Toasts(props: NotificationsProps) {
  const phone = useIsMobile();
  return <Notifications {...props} position={phone ? 'bottom-center' : 'top-right'} className={TOASTS_CLASS} />;
}
