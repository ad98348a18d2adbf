import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';

const loadMenu = () => import('./PublicMenu');
const PublicMenu = lazy(() => loadMenu().then((m) => ({ default: m.PublicMenu })));
const preloadMenu = () => {
  void loadMenu();
};

/**
 * The burger of small screens. Its menu (Mantine's Menu: popover, positioning, transitions) is not
 * part of a public page's first load (issue 17): it loads when the burger is first pointed at,
 * touched or focused, and opens on the click as it always did.
 */
function MobileNavigation() {
  const [opened, setOpened] = useState(false);
  const burger = (
    <Burger
      aria-label="Open navigation"
      aria-haspopup="menu"
      aria-expanded={false}
      size="sm"
      onPointerEnter={preloadMenu}
      onPointerDown={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => {
        setOpened(true);
      }}
    />
  );
  if (!opened) return burger;
  return (
    <Suspense fallback={burger}>
      <PublicMenu defaultOpened />
    </Suspense>
  );
}

/** The public pages' header with the navigation SPEC.md lists (/affiliate, /login, /register). */
export function PublicLayout() {
  return (
    <>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" h={56}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" aria-label="Kesi home">
              <Text fw={800} size="xl" c="blue.8">
                Kesi
              </Text>
            </Anchor>
            <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Public navigation">
              <Button component={Link} to="/affiliate" variant="subtle">
                Affiliate
              </Button>
              <Button component={Link} to="/login" variant="default">
                Sign In
              </Button>
              <Button component={Link} to="/register">
                Get Started
              </Button>
            </Group>
            <Box hiddenFrom="sm">
              <MobileNavigation />
            </Box>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
