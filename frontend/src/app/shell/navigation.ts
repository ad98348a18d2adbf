import {
  IconBell,
  IconBriefcase,
  IconCalendar,
  IconLayoutDashboard,
  IconListCheck,
  IconReportAnalytics,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';

export interface NavEntry {
  label: string;
  to: string;
  icon: Icon;
  /** Shows the notification count. */
  badge?: boolean;
  /** Left out of the mobile bottom bar. */
  desktopOnly?: boolean;
}

/** SPEC.md section 2, signed-in layout. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Cases', to: '/cases', icon: IconBriefcase },
  { label: 'Cases Report', to: '/cases-report', icon: IconReportAnalytics, desktopOnly: true },
  { label: 'Notifications', to: '/notifications', icon: IconBell, badge: true },
  { label: 'Calendar', to: '/calendar', icon: IconCalendar },
  // On phones the bottom bar has no room left; the dashboard's summary links to the screen.
  { label: 'Cause lists', to: '/cause-lists', icon: IconListCheck, desktopOnly: true },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];

/** The mobile badge caps at 99+. */
export function badgeText(count: number, cap = true): string {
  return cap && count > 99 ? '99+' : String(count);
}
