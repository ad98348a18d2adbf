import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Placeholder until the real landing page (SPEC.md section 2) is built. */
export function LandingPage() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center">
        <Title order={1}>Kesi</Title>
        <Text c="dimmed">The court diary for advocates in Kenya.</Text>
        <Group>
          <Button component={Link} to="/login">
            Sign In
          </Button>
          <Button component={Link} to="/register" variant="light">
            Get Started
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
