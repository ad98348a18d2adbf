import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ExtensionToken } from '@gen/kesi/v1/auth_pb';
import { errorMessage } from '@/api/errors';
import { formatInstant } from '@/lib/dates';
import { useExtensionConnections, useRevokeExtensionToken } from './queries';

export const CONNECTIONS_TEXT = {
  title: 'Connected extensions',
  empty: 'No extension is connected.',
  error: 'Failed to load connected extensions',
  retry: 'Try Again',
  revoke: 'Revoke',
  connectedOn: (date: string) => `Connected on ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  neverUsed: 'Not used yet',
  confirmTitle: 'Revoke this connection?',
  confirmBody: 'The extension will no longer be able to import into your account until you connect it again.',
  cancel: 'Cancel',
  revoked: 'Extension disconnected',
  revokeFailed: 'Failed to revoke the connection. Please try again.',
};

/** The browser extensions connected to this account, each with a Revoke button. */
export function ExtensionConnections() {
  const connections = useExtensionConnections();
  const revoke = useRevokeExtensionToken();
  const [pending, setPending] = useState<ExtensionToken | null>(null);

  const confirm = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: CONNECTIONS_TEXT.revoked });
        setPending(null);
      },
      onError: () => notifications.show({ color: 'red', message: CONNECTIONS_TEXT.revokeFailed }),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="extension-connections">
      <Title order={2} size="h4" id="extension-connections">
        {CONNECTIONS_TEXT.title}
      </Title>
      {connections.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={CONNECTIONS_TEXT.title}>
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : connections.isError ? (
        <Alert color="red" title={CONNECTIONS_TEXT.error}>
          <Stack align="flex-start" gap="xs">
            <Text size="sm">{errorMessage(connections.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void connections.refetch()}>
              {CONNECTIONS_TEXT.retry}
            </Button>
          </Stack>
        </Alert>
      ) : connections.data.length === 0 ? (
        <Text c="gray.7">{CONNECTIONS_TEXT.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {connections.data.map((c) => (
            <Card key={c.id} component="li" withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={600}>{c.name}</Text>
                  <Text size="sm" c="gray.7">
                    {CONNECTIONS_TEXT.connectedOn(formatInstant(c.createdAt))} ·{' '}
                    {c.lastUsedAt ? CONNECTIONS_TEXT.lastUsed(formatInstant(c.lastUsedAt)) : CONNECTIONS_TEXT.neverUsed}
                  </Text>
                </div>
                <Button variant="light" color="red" size="xs" onClick={() => { setPending(c); }} aria-label={`${CONNECTIONS_TEXT.revoke} ${c.name}`}>
                  {CONNECTIONS_TEXT.revoke}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Modal opened={pending !== null} onClose={() => { setPending(null); }} title={CONNECTIONS_TEXT.confirmTitle} centered>
        <Stack>
          <Text size="sm">{CONNECTIONS_TEXT.confirmBody}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => { setPending(null); }}>
              {CONNECTIONS_TEXT.cancel}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={confirm}>
              {CONNECTIONS_TEXT.revoke}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
