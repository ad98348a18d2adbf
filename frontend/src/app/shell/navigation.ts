import {
  IconBell,
  IconBriefcase,
  IconBuildingCommunity,
  IconCalendar,
  IconLayoutDashboard,
  IconListCheck,
  IconReportAnalytics,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavEntry {
  label: string;
  to: string;
  icon: Icon;
  /** Shows the notification count. */
  badge?: boolean;
  /** Left out of the mobile bottom bar (the phone's header menu has it). */
  desktopOnly?: boolean;
}

/** SPEC.md section 2, signed-in layout. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Cases', to: '/cases', icon: IconBriefcase },
  // Issue 13 item 9: clients in the sidebar; on a phone, in the header's menu.
  { label: 'Clients', to: '/clients', icon: IconUsers, desktopOnly: true },
  { label: 'Cases Report', to: '/cases-report', icon: IconReportAnalytics, desktopOnly: true },
  { label: 'Notifications', to: '/notifications', icon: IconBell, badge: true },
  { label: 'Calendar', to: '/calendar', icon: IconCalendar },
  // On a phone, in the header's menu (the bottom bar has no room left) and from the dashboard's summary.
  { label: 'Cause lists', to: '/cause-lists', icon: IconListCheck, desktopOnly: true },
  // Issue 20: the firm's shared diary; on a phone, in the header's menu.
  { label: 'Firm', to: '/firm', icon: IconBuildingCommunity, desktopOnly: true },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];

/** The mobile badge caps at 99+. */
export function badgeText(count: number, cap = true): string {
  return cap && count > 99 ? '99+' : String(count);
}
