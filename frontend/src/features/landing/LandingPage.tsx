import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCloud,
  IconFileReport,
  IconLayoutDashboard,
  IconLock,
  IconPuzzle,
  type Icon,
} from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useSession } from '@/app/session/SessionProvider';
import { homeFor } from '@/app/session/user';
import { PageLoader } from '@/components/PageLoader';
import { useDemoEnabled } from './publicConfig';
import { TEXT } from './text';

const FEATURE_ICONS: Icon[] = [IconLayoutDashboard, IconLock, IconFileReport, IconPuzzle, IconCalendarEvent, IconCloud];

/**
 * `/`: a stored session is verified first; affiliates go to their dashboard, lawyers and
 * moderators (and demo) to theirs; everyone else sees the landing page.
 */
export function RootPage() {
  const { status, user, verifying, checkedAt } = useSession();
  if (status === 'loading' || (user && (verifying || checkedAt === 0))) return <PageLoader />;
  if (user) return <Navigate to={homeFor(user)} replace />;
  return <LandingPage />;
}

export function LandingPage() {
  const demo = useDemoEnabled();
  return (
    <>
      <Box component="section" id="hero" py={{ base: 48, sm: 96 }} bg="blue.0">
        <Container size="lg">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 32, sm: 48 }} maw={760}>
              {TEXT.hero.title}
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              {TEXT.hero.subtitle}
            </Text>
            <Group justify="center">
              <Button component={Link} to="/register" size="md">
                {TEXT.buttons.start}
              </Button>
              {demo && (
                <Button component={Link} to="/login?demo=true" size="md" variant="light">
                  {TEXT.buttons.demo}
                </Button>
              )}
              <Button component={Link} to="/affiliate" size="md" variant="outline">
                {TEXT.buttons.affiliate}
              </Button>
            </Group>
            <Group gap="md" component="nav" aria-label="On this page" justify="center">
              {TEXT.anchors.map((a) => (
                <Anchor key={a.href} href={a.href} size="sm">
                  {a.label}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box component="section" id="features" py={{ base: 48, sm: 80 }}>
        <Container size="lg">
          <Stack gap="xl">
            <Title order={2} ta="center">
              {TEXT.features.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {TEXT.features.items.map((f, i) => {
                const FeatureIcon = FEATURE_ICONS[i] ?? IconCloud;
                return (
                  <Card key={f.title} withBorder padding="lg">
                    <ThemeIcon size="lg" variant="light" mb="sm">
                      <FeatureIcon size={20} aria-hidden />
                    </ThemeIcon>
                    <Title order={3} size="h4" mb={4}>
                      {f.title}
                    </Title>
                    <Text c="dimmed" size="sm">
                      {f.text}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Box component="section" id="benefits" py={{ base: 48, sm: 80 }} bg="gray.0">
        <Container size="lg">
          <Stack gap="xl">
            <Title order={2} ta="center">
              {TEXT.benefits.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {TEXT.benefits.items.map((b) => (
                <Stack key={b.title} gap={4}>
                  <Title order={3} size="h4">
                    {b.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {b.text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Group justify="center">
              <Button component={Link} to="/register" size="md">
                {TEXT.buttons.start}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box component="section" id="security" py={{ base: 48, sm: 80 }}>
        <Container size="md">
          <Stack gap="lg" align="center" ta="center">
            <Title order={2}>{TEXT.security.title}</Title>
            <Text c="dimmed">{TEXT.security.text}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%" ta="left">
              {TEXT.security.points.map((p) => (
                <Group key={p} gap="xs" wrap="nowrap">
                  <ThemeIcon size="sm" color="green" radius="xl">
                    <IconLock size={12} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm">{p}</Text>
                </Group>
              ))}
            </SimpleGrid>
            <Button component={Link} to="/login" size="md" variant="outline">
              {TEXT.buttons.signIn}
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box component="footer" py="lg" bg="dark.7" c="gray.3">
        <Container size="lg">
          <Stack gap="xs" align="center">
            <Group gap="lg" justify="center">
              {TEXT.footer.links.map((l) => (
                <Text key={l} size="sm">
                  {l}
                </Text>
              ))}
            </Group>
            <Text size="xs">{TEXT.footer.copyright}</Text>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
