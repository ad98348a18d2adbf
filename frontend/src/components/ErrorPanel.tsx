import { Alert, Button, Stack, Text } from '@mantine/core';

/** A failed load: what failed, why, and a way to try again. */
export function ErrorPanel({
  title,
  message,
  retryLabel = 'Try Again',
  onRetry,
}: {
  title: string;
  message?: string;
  retryLabel?: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack align="flex-start" gap="xs">
        {message && <Text size="sm">{message}</Text>}
        <Button size="xs" variant="outline" color="red.9" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
