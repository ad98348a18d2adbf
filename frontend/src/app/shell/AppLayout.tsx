import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { lazy, memo, Suspense, useState, type ReactElement } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSubscriptionStatus } from '@/api/subscription';
import { DeletionBanner } from '@/features/settings/DeletionBanner';
import { useIsMobile } from '@/hooks/useListFreshness';
import { OfflineBar } from '../offline/OfflineBar';
import { useLogout, useSessionUser } from '../session/SessionProvider';
import { initials, roleLabel, type SessionUser } from '../session/user';
import { HeaderMenu } from './HeaderMenu';
import { badgeText, NAV_ENTRIES, type NavEntry } from './navigation';
import { readSidebarOpen, writeSidebarOpen } from './sidebarCookie';
import { needsSubscription, SubscriptionGate } from './SubscriptionGate';
import { useNotificationCount } from './useNotificationCount';

const TEXT = {
  signOut: 'Sign Out',
  upgrade: 'Upgrade to Real Account',
  toggle: 'Toggle sidebar',
  main: 'Main navigation',
};

/** The signed-in layout: sidebar on desktop, bottom bar below 768px, header with the user. */
export function AppLayout() {
  const user = useSessionUser();
  // The route guard renders this only with a user.
  if (!user) return null;
  return (
    <SubscriptionGate user={user}>
      <Shell user={user} />
    </SubscriptionGate>
  );
}

/**
 * Drawn again only when its user or its own state changes: not on each change of the session's
 * verifying flag, which AppLayout follows (issue 17: each redraw of the whole shell was a long
 * task on a phone).
 */
const Shell = memo(function Shell({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(readSidebarOpen);
  // Read before the first render: a phone's first frame has its bottom bar, and the shell is not
  // drawn a second time to add it.
  const isMobile = useIsMobile();
  const toggle = () => {
    setOpen((o) => {
      writeSidebarOpen(!o);
      return !o;
    });
  };
  useHotkeys([['mod+B', toggle]]);

  const gated = needsSubscription(user);
  const subscription = useSubscriptionStatus(gated);
  const count = useNotificationCount(!gated || subscription.data?.hasActiveSubscription === true);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: open ? '16rem' : '3rem', breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: 64, collapsed: !isMobile }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <DesktopTooltip label={`${TEXT.toggle} (Ctrl+B)`}>
              <ActionIcon variant="subtle" onClick={toggle} aria-label={TEXT.toggle} visibleFrom="sm" aria-expanded={open}>
                {open ? <IconLayoutSidebarLeftCollapse aria-hidden /> : <IconLayoutSidebarLeftExpand aria-hidden />}
              </ActionIcon>
            </DesktopTooltip>
            <Text fw={800} size="lg" c="blue.8">
              Kesi
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user.role === 'demo' && (
              <Button component={Link} to="/register" size="xs">
                {TEXT.upgrade}
              </Button>
            )}
            <Box ta="right" visibleFrom="xs">
              <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
                {user.fullname}
              </Text>
              <Text size="xs" c="dimmed">
                {roleLabel(user.role)}
              </Text>
            </Box>
            {isMobile && <HeaderMenu />}
          </Group>
        </Group>
      </AppShell.Header>

      {/* A phone has the bottom bar instead, and never shows the sidebar: not drawn there, it is
          not built again each time the shell's counts change (issue 17's blocking time). */}
      {!isMobile && (
        <AppShell.Navbar p={open ? 'sm' : 4} aria-label={TEXT.main}>
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <Stack gap={4} align={open ? 'stretch' : 'center'}>
              {NAV_ENTRIES.map((entry) => (
                <SidebarEntry key={entry.to} entry={entry} open={open} count={count} />
              ))}
            </Stack>
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <SidebarFooter user={user} open={open} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <OfflineBar />
        <DeletionBanner />
        <Outlet />
      </AppShell.Main>

      {isMobile && (
        <AppShell.Footer component="nav" aria-label={TEXT.main}>
          <BottomBar count={count} />
        </AppShell.Footer>
      )}
    </AppShell>
  );
});

/** Mantine's Tooltip, loaded after the first screen (see ./Tooltip). */
const LazyTooltip = lazy(() => import('./Tooltip').then((m) => ({ default: m.Tooltip })));

/**
 * A desktop's tooltip: until Mantine's Tooltip has loaded, the element without it. A phone hides
 * the sidebar and the header's toggle, and never loads it.
 */
function DesktopTooltip({ label, position, children }: { label: string; position?: 'right'; children: ReactElement }) {
  const isMobile = useIsMobile();
  if (isMobile) return children;
  return (
    <Suspense fallback={children}>
      <LazyTooltip label={label} position={position}>
        {children}
      </LazyTooltip>
    </Suspense>
  );
}

function SidebarEntry({ entry, open, count }: { entry: NavEntry; open: boolean; count: number }) {
  const location = useLocation();
  const active = location.pathname === entry.to || location.pathname.startsWith(`${entry.to}/`);
  const Icon = entry.icon;
  const showBadge = entry.badge === true && count > 0;
  if (!open) {
    return (
      <DesktopTooltip label={entry.label} position="right">
        <ActionIcon
          component={NavLink}
          to={entry.to}
          size="lg"
          variant={active ? 'light' : 'subtle'}
          aria-label={showBadge ? `${entry.label} (${count})` : entry.label}
        >
          <Indicator disabled={!showBadge} size={8} color="red" offset={2}>
            <Icon size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </DesktopTooltip>
    );
  }
  return (
    <MantineNavLink
      component={NavLink}
      to={entry.to}
      label={entry.label}
      active={active}
      leftSection={<Icon size={20} aria-hidden />}
      rightSection={
        showBadge ? (
          <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} notifications`}>
            {badgeText(count, false)}
          </Badge>
        ) : undefined
      }
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

function UserAvatar({ user }: { user: SessionUser }) {
  return (
    <Avatar src={user.profile_image || null} alt={user.fullname} color="blue" radius="xl" size="md">
      {initials(user.fullname)}
    </Avatar>
  );
}

function SidebarFooter({ user, open }: { user: SessionUser; open: boolean }) {
  const logout = useLogout();
  if (!open) {
    return (
      <Stack align="center" gap={4}>
        <UserAvatar user={user} />
        <DesktopTooltip label={TEXT.signOut} position="right">
          <ActionIcon variant="subtle" color="red" aria-label={TEXT.signOut} onClick={() => void logout()}>
            <IconLogout size={20} aria-hidden />
          </ActionIcon>
        </DesktopTooltip>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={user} />
        <Box miw={0}>
          <Text size="sm" fw={600} truncate>
            {user.fullname}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabel(user.role)}
          </Text>
        </Box>
      </Group>
      <Button variant="light" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
        {TEXT.signOut}
      </Button>
    </Stack>
  );
}

function BottomBar({ count }: { count: number }) {
  const location = useLocation();
  return (
    <Group h="100%" justify="space-around" wrap="nowrap" gap={0}>
      {NAV_ENTRIES.filter((e) => !e.desktopOnly).map((entry) => {
        const Icon = entry.icon;
        const active = location.pathname === entry.to || location.pathname.startsWith(`${entry.to}/`);
        const showBadge = entry.badge === true && count > 0;
        return (
          <UnstyledButton
            key={entry.to}
            component={NavLink}
            to={entry.to}
            aria-label={showBadge ? `${entry.label} (${badgeText(count)})` : entry.label}
            style={{ flex: 1, textAlign: 'center', color: active ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-7)' }}
            py={6}
          >
            <Stack gap={2} align="center">
              <Indicator disabled={!showBadge} label={badgeText(count)} size={16} color="red" offset={2}>
                <Icon size={22} aria-hidden />
              </Indicator>
              <Text size="xs" fw={active ? 700 : 500} aria-hidden>
                {entry.label}
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
