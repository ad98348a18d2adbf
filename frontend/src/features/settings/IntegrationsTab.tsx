import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatInstant } from '@/lib/dates';
import { useExtensionTokens, useRevokeExtensionToken } from './queries';

export const INTEGRATIONS_TEXT = {
  comingSoon: 'Coming Soon',
  google: 'Google Calendar',
  googleHint: 'Sync your hearings with Google Calendar.',
  outlook: 'Microsoft Outlook',
  outlookHint: 'Sync your hearings with Outlook.',
  extension: 'Browser Extension',
  extensionHint: 'Extensions connected to your account to import cases from the e-filing kiosk.',
  noExtensions: 'No browser extensions are connected.',
  revoke: 'Revoke',
  revoked: 'Extension disconnected',
  revokeFailed: 'Failed to disconnect the extension. Please try again.',
  loadFailed: 'Failed to load connected extensions.',
  retry: 'Try Again',
  lastUsed: 'Last used',
  never: 'Never used',
};

export function IntegrationsTab() {
  return (
    <Stack>
      {[
        { name: INTEGRATIONS_TEXT.google, hint: INTEGRATIONS_TEXT.googleHint },
        { name: INTEGRATIONS_TEXT.outlook, hint: INTEGRATIONS_TEXT.outlookHint },
      ].map((i) => (
        <Card key={i.name} withBorder>
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{i.name}</Text>
              <Text size="sm" c="dimmed">
                {i.hint}
              </Text>
            </div>
            <Button disabled variant="default">
              {INTEGRATIONS_TEXT.comingSoon}
            </Button>
          </Group>
        </Card>
      ))}
      <Extensions />
    </Stack>
  );
}

function Extensions() {
  const tokens = useExtensionTokens();
  const revoke = useRevokeExtensionToken();
  return (
    <Card withBorder>
      <Title order={2} size="h5">
        {INTEGRATIONS_TEXT.extension}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {INTEGRATIONS_TEXT.extensionHint}
      </Text>
      {tokens.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : tokens.isError ? (
        <Alert color="red" title={INTEGRATIONS_TEXT.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void tokens.refetch()}>
            {INTEGRATIONS_TEXT.retry}
          </Button>
        </Alert>
      ) : tokens.data.length === 0 ? (
        <Text size="sm">{INTEGRATIONS_TEXT.noExtensions}</Text>
      ) : (
        <Stack gap="xs">
          {tokens.data.map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap">
              <div>
                <Text fw={500}>{t.name || INTEGRATIONS_TEXT.extension}</Text>
                <Badge variant="light" color="gray" size="sm">
                  {t.lastUsedAt ? `${INTEGRATIONS_TEXT.lastUsed} ${formatInstant(t.lastUsedAt)}` : INTEGRATIONS_TEXT.never}
                </Badge>
              </div>
              <Button
                color="red"
                variant="light"
                size="xs"
                aria-label={`${INTEGRATIONS_TEXT.revoke} ${t.name}`}
                loading={revoke.isPending && revoke.variables === t.id}
                onClick={() => {
                  revoke.mutate(t.id, {
                    onSuccess: () => notifications.show({ color: 'green', message: INTEGRATIONS_TEXT.revoked }),
                    onError: () => notifications.show({ color: 'red', message: INTEGRATIONS_TEXT.revokeFailed }),
                  });
                }}
              >
                {INTEGRATIONS_TEXT.revoke}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
