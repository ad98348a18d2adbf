import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogle, IconBrandWindows, IconCopy } from '@tabler/icons-react';
import { useSessionUser } from '@/app/session/SessionProvider';
import { formatInstant } from '@/lib/dates';
import { useExtensionTokens, useRevokeExtensionToken } from './queries';
import { googleCalendarLink, hasReminders, outlookLink, useCalendarFeed, useResetCalendarFeed } from './reminderQueries';

export const INTEGRATIONS_TEXT = {
  calendar: 'Calendar feed',
  calendarHint: 'Subscribe your calendar to your sittings, from 30 days back onward.',
  google: 'Add to Google Calendar',
  outlook: 'Add to Outlook',
  feedURL: 'Feed address (for any other calendar app)',
  copy: 'Copy',
  copied: 'Copied',
  refresh:
    'Calendars refresh a subscribed feed only every few hours (Google every 8 to 24 hours, Outlook about every 3), so a date that changes today may show late there: SMS and WhatsApp reminders tell you at once.',
  secret: 'Anyone with this address can see your sittings. If it leaks, make a new one; the old address stops working.',
  reset: 'Make a New Address',
  resetDone: 'A new calendar address was made; subscribe again with it.',
  resetFailed: 'Failed to make a new address. Please try again.',
  feedFailed: 'Failed to load your calendar feed.',
  unshown:
    "Your feed's address can no longer be shown (Kesi's keys were changed). Calendars already subscribed to it keep updating. To add another calendar, make a new address; the old one then stops working.",
  subscribersOnly: 'The calendar feed comes with a subscribed account.',
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
      <CalendarFeed />
      <Extensions />
    </Stack>
  );
}

function CalendarFeed() {
  const user = useSessionUser();
  const allowed = hasReminders(user?.role ?? '');
  const feed = useCalendarFeed(allowed);
  const reset = useResetCalendarFeed();
  const makeNew = () => {
    reset.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: INTEGRATIONS_TEXT.resetDone }),
      onError: () => notifications.show({ color: 'red', message: INTEGRATIONS_TEXT.resetFailed }),
    });
  };
  return (
    <Card withBorder>
      <Title order={2} size="h5">
        {INTEGRATIONS_TEXT.calendar}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {INTEGRATIONS_TEXT.calendarHint}
      </Text>
      {!allowed ? (
        <Text size="sm">{INTEGRATIONS_TEXT.subscribersOnly}</Text>
      ) : feed.isPending ? (
        <Skeleton height={80} />
      ) : feed.isError ? (
        <Alert color="red" title={INTEGRATIONS_TEXT.feedFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()}>
            {INTEGRATIONS_TEXT.retry}
          </Button>
        </Alert>
      ) : feed.data === '' ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{INTEGRATIONS_TEXT.unshown}</Text>
          <Button variant="default" loading={reset.isPending} onClick={makeNew}>
            {INTEGRATIONS_TEXT.reset}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={googleCalendarLink(feed.data)} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandGoogle size={16} aria-hidden />}>
              {INTEGRATIONS_TEXT.google}
            </Button>
            <Button component="a" href={outlookLink(feed.data)} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconBrandWindows size={16} aria-hidden />}>
              {INTEGRATIONS_TEXT.outlook}
            </Button>
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={INTEGRATIONS_TEXT.feedURL} value={feed.data} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => { e.currentTarget.select(); }} />
            <CopyButton value={feed.data}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
                  {copied ? INTEGRATIONS_TEXT.copied : INTEGRATIONS_TEXT.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{INTEGRATIONS_TEXT.refresh}</Text>
          <Text size="xs" c="dimmed">
            {INTEGRATIONS_TEXT.secret}{' '}
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={makeNew}
            >
              {INTEGRATIONS_TEXT.reset}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Card>
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
