import { Anchor, Box, Burger, Button, Container, Group, Menu, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';

const LINKS = [
  { label: 'Affiliate', to: '/affiliate' },
  { label: 'Sign In', to: '/login' },
  { label: 'Get Started', to: '/register' },
];

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
              <Menu position="bottom-end" width={180}>
                <Menu.Target>
                  <Burger aria-label="Open navigation" size="sm" />
                </Menu.Target>
                <Menu.Dropdown>
                  {LINKS.map((l) => (
                    <Menu.Item key={l.to} component={Link} to={l.to}>
                      {l.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
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
