import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Alert, Anchor, Button, Card, Group, Modal, PasswordInput, Progress, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOr } from '@/api/errors';
import { daysRemaining, useSubscriptionStatus } from '@/api/subscription';
import { useLogout, useSessionUser } from '@/app/session/SessionProvider';
import { formatDate } from '@/lib/dates';
import { useNotificationPreferences, useUpdateNotificationPreferences } from './queries';
import { hasReminders, useReminderSettings, useUpdateReminderSettings, type ReminderValues } from './reminderQueries';
import { saveBlob } from '@/lib/download';
import { downloadExport, formatBytes, useAccountDeletion, useDeleteAccount } from './privacyQueries';

export const PRIVACY_TEXT = {
  exportTitle: 'Download my data',
  exportHint:
    'One zip file with your profile, every case with its sittings and outcomes, your clients, payments, reminders and every document, decrypted. Your right of access and portability under the Data Protection Act 2019.',
  exportButton: 'Download my data',
  exporting: (bytes: string) => `Preparing your download: ${bytes} received`,
  exported: (bytes: string) => `Your data was downloaded (${bytes}).`,
  exportFailed: 'The download failed. Please try again.',
  consentsTitle: 'Your consents',
  consentsHint: 'What you agreed Kesi may send you. Withdrawing takes effect at once; you can give consent again in Notifications or Reminders.',
  granted: 'Given',
  withdrawn: 'Withdrawn',
  withdraw: 'Withdraw',
  withdrawnNotice: (what: string) => `Consent withdrawn: ${what}`,
  withdrawFailed: 'Failed to withdraw your consent. Please try again.',
  marketing: 'Marketing e-mails',
  marketingHint: 'News about Kesi features and offers.',
  reminderEmail: 'Reminders by e-mail',
  reminderSms: 'Reminders by SMS (Africa’s Talking)',
  reminderWhatsApp: 'Reminders on WhatsApp (Meta)',
  reminderHint: 'Your daily list of sittings and alerts when a date moves.',
  deleteTitle: 'Delete my account',
  deleteHint:
    'Your account, cases, clients, documents and reminders are deleted 7 days after you ask. Until then you can sign in and cancel. Every device is signed out at once. Payment records are kept for tax purposes, without your name or e-mail address.',
  deleteButton: 'Delete my account',
  confirmTitle: 'Delete your account?',
  password: 'Password',
  passwordRequired: 'Enter your password.',
  code: 'Sign-in code',
  codeHint: 'Only if you turned on two-step sign-in: the six-digit code from your authenticator app.',
  confirm: 'Delete my account',
  cancel: 'Keep my account',
  deleteFailed: 'Failed to delete your account. Please try again.',
  // The backend's deletion receipt says the same (account/mail.go).
  lostPaidTime: (days: number) =>
    `Your subscription has ${days} ${days === 1 ? 'day' : 'days'} of paid time left after the deletion. They are lost when the account is deleted.`,
  deleted: (day: string) => `Your account will be deleted on ${day}. You have been signed out.`,
  policy: 'How Kesi handles your data: the privacy policy',
};

/** How long a deleted account waits before it is erased (account.Grace). */
const GRACE_MS = 7 * 86_400_000;

export function PrivacyTab() {
  const user = useSessionUser();
  // The demo account is shared by every visitor: no one may take its data (the others' sign-ins) or delete it.
  const own = user?.role !== 'demo';
  return (
    <Stack>
      {own && <DownloadData />}
      <Consents withReminders={hasReminders(user?.role ?? '')} />
      {own && <DeleteAccount />}
      <Anchor component={Link} to="/privacy" size="sm">
        {PRIVACY_TEXT.policy}
      </Anchor>
    </Stack>
  );
}

function DownloadData() {
  const [bytes, setBytes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setBytes(0);
    try {
      const { blob, filename } = await downloadExport(setBytes);
      saveBlob(blob, filename);
      notifications.show({ color: 'green', message: PRIVACY_TEXT.exported(formatBytes(blob.size)) });
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : PRIVACY_TEXT.exportFailed });
      setBytes(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb={4}>
        {PRIVACY_TEXT.exportTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {PRIVACY_TEXT.exportHint}
      </Text>
      {busy && bytes !== null && (
        <Stack gap={4} mb="md" aria-live="polite">
          <Progress value={100} striped animated aria-label={PRIVACY_TEXT.exportTitle} />
          <Text size="sm" data-testid="export-progress">
            {PRIVACY_TEXT.exporting(formatBytes(bytes))}
          </Text>
        </Stack>
      )}
      <Group>
        <Button onClick={() => void start()} loading={busy}>
          {PRIVACY_TEXT.exportButton}
        </Button>
      </Group>
    </Card>
  );
}

interface ConsentRow {
  key: string;
  label: string;
  hint: string;
  granted: boolean;
  withdraw: () => Promise<unknown>;
}

function Consents({ withReminders }: { withReminders: boolean }) {
  const prefs = useNotificationPreferences();
  const updatePrefs = useUpdateNotificationPreferences();
  const reminders = useReminderSettings(withReminders);
  const updateReminders = useUpdateReminderSettings();
  const [pending, setPending] = useState<string | null>(null);
  if (prefs.isPending || (withReminders && reminders.isPending)) return <Skeleton height={180} />;
  const rows: ConsentRow[] = [];
  if (prefs.data) {
    const p = prefs.data;
    rows.push({
      key: 'marketing',
      label: PRIVACY_TEXT.marketing,
      hint: PRIVACY_TEXT.marketingHint,
      granted: p.marketingEmails,
      withdraw: () => updatePrefs.mutateAsync({ ...p, marketingEmails: false }),
    });
  }
  const r = reminders.data;
  if (withReminders && r) {
    const values: ReminderValues = {
      email: r.email,
      sms: r.sms,
      whatsapp: r.whatsapp,
      eveningDigest: r.eveningDigest,
      eveningTime: r.eveningTime,
      morningDigest: r.morningDigest,
      morningTime: r.morningTime,
    };
    const channel = (key: 'email' | 'sms' | 'whatsapp', label: string) =>
      rows.push({
        key,
        label,
        hint: PRIVACY_TEXT.reminderHint,
        granted: values[key],
        withdraw: () => updateReminders.mutateAsync({ ...values, [key]: false }),
      });
    channel('email', PRIVACY_TEXT.reminderEmail);
    channel('sms', PRIVACY_TEXT.reminderSms);
    channel('whatsapp', PRIVACY_TEXT.reminderWhatsApp);
  }
  const withdraw = async (row: ConsentRow) => {
    setPending(row.key);
    try {
      await row.withdraw();
      notifications.show({ color: 'green', message: PRIVACY_TEXT.withdrawnNotice(row.label) });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessageOr(err, PRIVACY_TEXT.withdrawFailed) });
    } finally {
      setPending(null);
    }
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb={4}>
        {PRIVACY_TEXT.consentsTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {PRIVACY_TEXT.consentsHint}
      </Text>
      <Stack gap="sm">
        {rows.map((row) => (
          <Group key={row.key} justify="space-between" wrap="nowrap" align="flex-start" data-testid={`consent-${row.key}`}>
            <div style={{ minWidth: 0 }}>
              <Text fw={500}>{row.label}</Text>
              <Text size="xs" c="dimmed">
                {row.hint} · {row.granted ? PRIVACY_TEXT.granted : PRIVACY_TEXT.withdrawn}
              </Text>
            </div>
            {row.granted && (
              <Button
                size="xs"
                variant="light"
                color="red"
                style={{ flexShrink: 0 }}
                loading={pending === row.key}
                onClick={() => void withdraw(row)}
                aria-label={`${PRIVACY_TEXT.withdraw}: ${row.label}`}
              >
                {PRIVACY_TEXT.withdraw}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scheduled = useAccountDeletion();
  const remove = useDeleteAccount();
  const subscription = useSubscriptionStatus();
  // When the account would be erased if confirmed now: set as the confirmation opens.
  const [eraseAt, setEraseAt] = useState(() => new Date(0));
  // The paid time left after that, counted as Settings counts days.
  const lostDays = daysRemaining(subscription.data?.expiry ?? null, eraseAt) ?? 0;
  const logout = useLogout();
  const submit = async () => {
    if (!password) {
      setError(PRIVACY_TEXT.passwordRequired);
      return;
    }
    setError(null);
    try {
      const d = await remove.mutateAsync({ password, code: code.trim() });
      const day = d?.eraseOn ? formatDate(d.eraseOn) : d?.eraseAt ? formatDate(timestampDate(d.eraseAt).toISOString().slice(0, 10)) : '';
      setOpen(false);
      notifications.show({ color: 'yellow', autoClose: false, message: PRIVACY_TEXT.deleted(day) });
      // Every session ended on the server: leave this one too.
      await logout();
    } catch (err) {
      setError(errorMessageOr(err, PRIVACY_TEXT.deleteFailed));
    }
  };
  return (
    <Card withBorder style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Title order={2} size="h4" mb={4} c="red.8">
        {PRIVACY_TEXT.deleteTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {PRIVACY_TEXT.deleteHint}
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => { setEraseAt(new Date(Date.now() + GRACE_MS)); setOpen(true); }} disabled={!!scheduled.data}>
          {PRIVACY_TEXT.deleteButton}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => { setOpen(false); }} title={PRIVACY_TEXT.confirmTitle} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{PRIVACY_TEXT.deleteHint}</Text>
            {lostDays > 0 && (
              <Alert color="yellow" data-testid="lost-paid-time">
                {PRIVACY_TEXT.lostPaidTime(lostDays)}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput label={PRIVACY_TEXT.password} value={password} onChange={(e) => { setPassword(e.currentTarget.value); }} autoComplete="current-password" required />
            <TextInput
              label={PRIVACY_TEXT.code}
              description={PRIVACY_TEXT.codeHint}
              value={code}
              onChange={(e) => { setCode(e.currentTarget.value); }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => { setOpen(false); }}>
                {PRIVACY_TEXT.cancel}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {PRIVACY_TEXT.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
