import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { Alert, Badge, Button, Card, Group, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessageOr } from '@/api/errors';
import { formatInstant } from '@/lib/dates';
import { validatePassword } from '@/lib/validation';
import { TwoStepCard } from './TwoStepCard';
import { useRevokeOtherSessions, useRevokeSession, useSessions, useUpdatePassword } from './securityQueries';

export const SECURITY_TEXT = {
  devices: 'Signed-in devices',
  devicesHint: 'Browsers and devices signed in to your account. Sign out any you do not recognise.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other devices',
  signedOut: 'Device signed out',
  othersSignedOut: (n: number) => (n === 1 ? '1 other device signed out' : `${n} other devices signed out`),
  signOutFailed: 'Failed to sign the device out. Please try again.',
  loadFailed: 'Failed to load your signed-in devices.',
  retry: 'Try Again',
  activeNow: 'Active now',
  lastUsed: 'Last used',
  signedInOn: 'signed in',
  password: 'Change password',
  passwordHint: 'Changing your password signs out every other device.',
  current: 'Current password',
  next: 'New password',
  confirm: 'Confirm new password',
  mismatch: 'Passwords do not match.',
  required: 'Enter your current password.',
  save: 'Change Password',
  failed: 'Failed to change your password. Please try again.',
};

/** "Active now" within a refresh period, else hours or the date: last use is coarse by design. */
function lastUsed(t: Timestamp | undefined, now = Date.now()): string {
  if (!t) return '';
  const minutes = (now - timestampDate(t).getTime()) / 60_000;
  if (minutes < 20) return SECURITY_TEXT.activeNow;
  if (minutes < 60) return `${SECURITY_TEXT.lastUsed} within the hour`;
  if (minutes < 24 * 60) return `${SECURITY_TEXT.lastUsed} ${Math.floor(minutes / 60)} h ago`;
  return `${SECURITY_TEXT.lastUsed} ${formatInstant(t)}`;
}

export function SecurityTab() {
  return (
    <Stack>
      <TwoStepCard />
      <Devices />
      <ChangePassword />
    </Stack>
  );
}

function Devices() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card withBorder>
      <Title order={2} size="h5">
        {SECURITY_TEXT.devices}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {SECURITY_TEXT.devicesHint}
      </Text>
      {sessions.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : sessions.isError ? (
        <Alert color="red" title={SECURITY_TEXT.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void sessions.refetch()}>
            {SECURITY_TEXT.retry}
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm">
          {sessions.data.map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Group gap="xs">
                  <Text fw={500}>{s.device}</Text>
                  {s.current && (
                    <Badge variant="filled" color="teal.9" size="sm">
                      {SECURITY_TEXT.thisDevice}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {[s.ipAddress, lastUsed(s.lastUsedAt), `${SECURITY_TEXT.signedInOn} ${formatInstant(s.signedInAt)}`].filter(Boolean).join(' · ')}
                </Text>
              </div>
              {!s.current && (
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  aria-label={`${SECURITY_TEXT.signOut} ${s.device}`}
                  loading={revoke.isPending && revoke.variables === s.id}
                  onClick={() => { revoke.mutate(s.id, {
                      onSuccess: () => notifications.show({ color: 'green', message: SECURITY_TEXT.signedOut }),
                      onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, SECURITY_TEXT.signOutFailed) }),
                    }); }
                  }
                >
                  {SECURITY_TEXT.signOut}
                </Button>
              )}
            </Group>
          ))}
          {others > 0 && (
            <Group justify="flex-end">
              <Button
                color="red"
                variant="default"
                loading={revokeOthers.isPending}
                onClick={() => { revokeOthers.mutate(undefined, {
                    onSuccess: (n) => notifications.show({ color: 'green', message: SECURITY_TEXT.othersSignedOut(n) }),
                    onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, SECURITY_TEXT.signOutFailed) }),
                  }); }
                }
              >
                {SECURITY_TEXT.signOutOthers}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}

function ChangePassword() {
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (v) => (v ? null : SECURITY_TEXT.required),
      newPassword: validatePassword,
      confirm: (v, values) => (v === values.newPassword ? null : SECURITY_TEXT.mismatch),
    },
  });
  const submit = form.onSubmit((v) => { update.mutate(
      { currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: (message) => {
          notifications.show({ color: 'green', message });
          form.reset();
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, SECURITY_TEXT.failed) }),
      },
    ); },
  );
  return (
    <Card withBorder>
      <Title order={2} size="h5">
        {SECURITY_TEXT.password}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {SECURITY_TEXT.passwordHint}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label={SECURITY_TEXT.current} autoComplete="current-password" spellCheck={false} {...form.getInputProps('currentPassword')} />
          <PasswordInput label={SECURITY_TEXT.next} autoComplete="new-password" spellCheck={false} {...form.getInputProps('newPassword')} />
          <PasswordInput label={SECURITY_TEXT.confirm} autoComplete="new-password" spellCheck={false} {...form.getInputProps('confirm')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {SECURITY_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
