import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort for a route that failed to load or render (often a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container size="xs" py="xl">
      <Stack align="center" ta="center">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">We couldn&apos;t load the page. Please try again.</Text>
        {detail && <Text size="sm">{detail}</Text>}
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload
        </Button>
      </Stack>
    </Container>
  );
}
