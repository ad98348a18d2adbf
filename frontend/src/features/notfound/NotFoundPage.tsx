import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="xs" py="xl">
      <Stack align="center" ta="center">
        <Title order={1}>404</Title>
        <Title order={2}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Group>
          <Button component={Link} to="/">
            Go Home
          </Button>
          <Button component={Link} to="/dashboard" variant="light">
            Go to Dashboard
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
