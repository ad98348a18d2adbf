import { Alert, Badge, Button, Card, Group, PinInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ReminderSettings } from '@gen/kesi/v1/reminder_pb';
import { errorMessageOr } from '@/api/errors';
import {
  describeReminder,
  useConfirmPhoneVerification,
  useReminderHistory,
  useReminderSettings,
  useStartPhoneVerification,
  useUpdateReminderSettings,
  whatsAppWaitsForSave,
  type ReminderValues,
} from './reminderQueries';

export const REMINDERS_TEXT = {
  channels: 'How to reach you',
  channelsHint: 'The evening digest lists the next court day; the morning digest lists today. Nothing is sent when nothing is on.',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp Notifications',
  needsPhone: 'Verify your phone number below first.',
  whatsappWaits: 'Not on yet: save with WhatsApp on to start WhatsApp reminders.',
  evening: 'Evening digest',
  eveningHint: "The next court day's sittings (on Friday, Monday's).",
  morning: 'Morning digest',
  morningHint: "Today's sittings.",
  time: 'Time (Nairobi)',
  save: 'Save Reminders',
  saved: 'Reminder settings saved',
  failed: 'Failed to save reminder settings. Please try again.',
  loadFailed: 'Failed to load reminder settings.',
  retry: 'Try Again',
  phone: 'Phone number',
  noPhone: 'Add a phone number on the Profile tab to get SMS and WhatsApp reminders.',
  verified: 'Verified',
  notVerified: 'Not verified',
  sendCode: 'Send Code',
  resend: 'Send a New Code',
  codeSent: 'We sent a 6-digit code by SMS to',
  code: 'Verification code',
  confirm: 'Verify',
  confirmed: 'Phone number verified',
  history: 'Sent reminders',
  noHistory: 'No reminders have been sent yet.',
  more: 'Show More',
  consent:
    'Each change is recorded with its time as your consent; WhatsApp is sent only once you save with it on. Reply STOP to an SMS or WhatsApp message, or switch a channel off here, to withdraw it.',
};

export function RemindersTab() {
  const settings = useReminderSettings();
  if (settings.isPending) return <Skeleton height={320} />;
  if (settings.isError) {
    return (
      <Alert color="red" title={REMINDERS_TEXT.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
          {REMINDERS_TEXT.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack>
      <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />
      <PhoneCard settings={settings.data} />
      <History />
    </Stack>
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function SettingsForm({ initial }: { initial: ReminderSettings }) {
  const [values, setValues] = useState<ReminderValues>({
    email: initial.email,
    sms: initial.sms,
    whatsapp: initial.whatsapp,
    eveningDigest: initial.eveningDigest,
    eveningTime: initial.eveningTime,
    morningDigest: initial.morningDigest,
    morningTime: initial.morningTime,
  });
  const update = useUpdateReminderSettings();
  const set = (patch: Partial<ReminderValues>) => { setValues({ ...values, ...patch }); };
  const phoneHint = initial.phoneVerified ? undefined : REMINDERS_TEXT.needsPhone;
  return (
    <Card withBorder>
      <Stack>
        <div>
          <Title order={2} size="h5">
            {REMINDERS_TEXT.channels}
          </Title>
          <Text size="sm" c="dimmed">
            {REMINDERS_TEXT.channelsHint}
          </Text>
        </div>
        <Switch label={REMINDERS_TEXT.email} checked={values.email} onChange={(e) => { set({ email: e.currentTarget.checked }); }} />
        <Switch label={REMINDERS_TEXT.sms} description={phoneHint} checked={values.sms} onChange={(e) => { set({ sms: e.currentTarget.checked }); }} />
        <Switch
          label={REMINDERS_TEXT.whatsapp}
          description={phoneHint ?? (whatsAppWaitsForSave(initial, values.whatsapp) ? REMINDERS_TEXT.whatsappWaits : undefined)}
          checked={values.whatsapp}
          onChange={(e) => { set({ whatsapp: e.currentTarget.checked }); }}
        />
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={REMINDERS_TEXT.evening}
            description={REMINDERS_TEXT.eveningHint}
            checked={values.eveningDigest}
            onChange={(e) => { set({ eveningDigest: e.currentTarget.checked }); }}
            style={{ flex: '1 1 16rem' }}
          />
          <TimeInput
            label={`${REMINDERS_TEXT.evening}: ${REMINDERS_TEXT.time}`}
            value={values.eveningTime}
            disabled={!values.eveningDigest}
            error={TIME.test(values.eveningTime) ? undefined : 'HH:MM'}
            onChange={(e) => { set({ eveningTime: e.currentTarget.value }); }}
            w={180}
          />
        </Group>
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={REMINDERS_TEXT.morning}
            description={REMINDERS_TEXT.morningHint}
            checked={values.morningDigest}
            onChange={(e) => { set({ morningDigest: e.currentTarget.checked }); }}
            style={{ flex: '1 1 16rem' }}
          />
          <TimeInput
            label={`${REMINDERS_TEXT.morning}: ${REMINDERS_TEXT.time}`}
            value={values.morningTime}
            disabled={!values.morningDigest}
            error={TIME.test(values.morningTime) ? undefined : 'HH:MM'}
            onChange={(e) => { set({ morningTime: e.currentTarget.value }); }}
            w={180}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {REMINDERS_TEXT.consent}
        </Text>
        <Group justify="flex-end">
          <Button
            loading={update.isPending}
            disabled={!TIME.test(values.eveningTime) || !TIME.test(values.morningTime)}
            onClick={() => {
              update.mutate(values, {
                onSuccess: () => notifications.show({ color: 'green', message: REMINDERS_TEXT.saved }),
                onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, REMINDERS_TEXT.failed) }),
              });
            }}
          >
            {REMINDERS_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PhoneCard({ settings }: { settings: ReminderSettings }) {
  const start = useStartPhoneVerification();
  const confirm = useConfirmPhoneVerification();
  const [code, setCode] = useState('');
  const sentTo = start.data?.phoneNumber;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h5">
              {REMINDERS_TEXT.phone}
            </Title>
            <Text size="sm">{settings.phoneNumber || REMINDERS_TEXT.noPhone}</Text>
          </div>
          {settings.phoneNumber ? (
            <Badge color={settings.phoneVerified ? 'green' : 'gray'} variant="light">
              {settings.phoneVerified ? REMINDERS_TEXT.verified : REMINDERS_TEXT.notVerified}
            </Badge>
          ) : null}
        </Group>
        {settings.phoneNumber && !settings.phoneVerified ? (
          <>
            {sentTo ? (
              <Stack gap="xs">
                <Text size="sm">
                  {REMINDERS_TEXT.codeSent} {sentTo}.
                </Text>
                <PinInput
                  length={6}
                  type="number"
                  oneTimeCode
                  value={code}
                  onChange={setCode}
                  aria-label={REMINDERS_TEXT.code}
                  error={confirm.isError}
                />
                {confirm.isError ? (
                  <Text size="sm" c="red">
                    {errorMessageOr(confirm.error, 'That code is wrong or has expired.')}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {start.isError ? (
              <Text size="sm" c="red">
                {errorMessageOr(start.error, 'The code could not be sent. Please try again.')}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant={sentTo ? 'default' : 'filled'} loading={start.isPending} onClick={() => { start.mutate(); }}>
                {sentTo ? REMINDERS_TEXT.resend : REMINDERS_TEXT.sendCode}
              </Button>
              {sentTo ? (
                <Button
                  disabled={code.length !== 6}
                  loading={confirm.isPending}
                  onClick={() => { confirm.mutate(code, {
                      onSuccess: () => notifications.show({ color: 'green', message: REMINDERS_TEXT.confirmed }),
                    }); }
                  }
                >
                  {REMINDERS_TEXT.confirm}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function History() {
  const history = useReminderHistory();
  const items = history.data?.pages.flatMap((p) => p.reminders) ?? [];
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        {REMINDERS_TEXT.history}
      </Title>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : history.isError ? (
        <Alert color="red" title={REMINDERS_TEXT.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
            {REMINDERS_TEXT.retry}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm">{REMINDERS_TEXT.noHistory}</Text>
      ) : (
        <Stack gap="sm">
          {items.map((r) => (
            <div key={r.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {describeReminder(r)}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.recipient}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
                {r.text}
              </Text>
              {r.status === 'failed' && r.error ? (
                <Text size="xs" c="red">
                  {r.error}
                </Text>
              ) : null}
            </div>
          ))}
          {history.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" size="xs" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {REMINDERS_TEXT.more}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
