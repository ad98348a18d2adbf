import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessageOr } from '@/api/errors';
import { EmailInput } from '@/components/EmailInput';
import { ErrorPanel } from '@/components/ErrorPanel';
import { PageHeading } from '@/components/PageHeading';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { addToIsoDate, formatDate, formatInstant, instantToIsoDate, todayIsoDate } from '@/lib/dates';
import { ClashList } from '../components/ClashList';
import { FirmDay } from '../components/FirmDay';
import {
  useClashes,
  useCreateFirm,
  useFirm,
  useHandOverFirm,
  useInvitations,
  useInvite,
  useLeaveFirm,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
} from '../queries';

export const FIRM_TEXT = {
  title: 'Firm',
  subtitle: "Your firm's shared diary: members, shared cases and who attends each sitting.",
  noFirm: 'You are not in a firm yet',
  noFirmBody:
    'Create your firm to share cases with colleagues and assign who attends each sitting. You become its administrator. To join a colleague’s firm, open the link in their invitation e-mail.',
  name: 'Firm name',
  create: 'Create firm',
  members: 'Members',
  admin: 'Administrator',
  member: 'Member',
  remove: 'Remove',
  confirmRemove: (name: string) => `Remove ${name}? They stop seeing the firm's cases at once and keep their own.`,
  handOver: 'Hand over',
  confirmHandOver: (name: string) =>
    `Make ${name} the firm's administrator? They manage its members and invitations; you stay a member and can then leave the firm or delete your account.`,
  invite: 'Invite a colleague',
  inviteHelp: 'They get an e-mail with a link that works once, for 7 days, only for that address.',
  email: 'E-mail address',
  send: 'Send invitation',
  sent: (email: string) => `Invitation sent to ${email}.`,
  pending: 'Pending invitations',
  noPending: 'No pending invitations.',
  expires: (day: string) => `expires ${day}`,
  withdraw: 'Withdraw',
  leave: 'Leave firm',
  confirmLeave: 'Leave the firm? You stop seeing its cases; your own cases stay yours and stop being shared.',
  clashes: 'Clashes in the next two weeks',
  failed: 'Something went wrong. Please try again.',
  error: 'Failed to load your firm',
  retry: 'Try Again',
};

export function FirmPage() {
  useRefetchOnTokenRefresh();
  const firm = useFirm();
  return (
    <Stack>
      <PageHeading title={FIRM_TEXT.title} subtitle={FIRM_TEXT.subtitle} />
      {firm.isError ? (
        <ErrorPanel title={FIRM_TEXT.error} onRetry={() => void firm.refetch()} retryLabel={FIRM_TEXT.retry} />
      ) : firm.isPending ? (
        <Skeleton height={120} />
      ) : firm.data ? (
        <FirmHome name={firm.data.name} admin={firm.data.callerIsAdmin} />
      ) : (
        <CreateFirm />
      )}
    </Stack>
  );
}

function CreateFirm() {
  const [name, setName] = useState('');
  const create = useCreateFirm();
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {FIRM_TEXT.noFirm}
        </Title>
        <Text size="sm">{FIRM_TEXT.noFirmBody}</Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(name);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={FIRM_TEXT.name}
              value={name}
              required
              maxLength={200}
              onChange={(e) => {
                setName(e.currentTarget.value);
              }}
            />
            {create.error && (
              <Alert color="red" variant="light">
                {errorMessageOr(create.error, FIRM_TEXT.failed)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {FIRM_TEXT.create}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function FirmHome({ name, admin }: { name: string; admin: boolean }) {
  const today = todayIsoDate();
  const clashes = useClashes(today, addToIsoDate(today, { days: 13 }));
  return (
    <Stack>
      <Title order={2} size="h3" data-testid="firm-name">
        {name}
      </Title>
      {clashes.data && <ClashList clashes={clashes.data} title={FIRM_TEXT.clashes} />}
      <FirmDay />
      <Members admin={admin} />
      {admin && <Invite />}
      {admin && <Pending />}
      <Leave />
    </Stack>
  );
}

function Members({ admin }: { admin: boolean }) {
  const members = useMembers(true);
  const remove = useRemoveMember();
  const handOver = useHandOverFirm();
  const failure = remove.error ?? handOver.error;
  const busy = remove.isPending || handOver.isPending;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {FIRM_TEXT.members}
        </Title>
        {failure && (
          <Alert color="red" variant="light">
            {errorMessageOr(failure, FIRM_TEXT.failed)}
          </Alert>
        )}
        <Stack gap="xs" data-testid="firm-members">
          {(members.data ?? []).map((m) => (
            <Group key={m.userId} justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{m.fullname}</Text>
                  <Badge variant={m.admin ? 'filled' : 'default'} color={m.admin ? 'blue.9' : undefined}>
                    {m.admin ? FIRM_TEXT.admin : FIRM_TEXT.member}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {m.email}
                </Text>
              </div>
              {admin && !m.admin && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy}
                    aria-label={`${FIRM_TEXT.handOver} to ${m.fullname}`}
                    onClick={() => {
                      if (window.confirm(FIRM_TEXT.confirmHandOver(m.fullname))) {
                        remove.reset();
                        handOver.mutate(m.userId);
                      }
                    }}
                  >
                    {FIRM_TEXT.handOver}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={busy}
                    aria-label={`${FIRM_TEXT.remove} ${m.fullname}`}
                    onClick={() => {
                      if (window.confirm(FIRM_TEXT.confirmRemove(m.fullname))) {
                        handOver.reset();
                        remove.mutate(m.userId);
                      }
                    }}
                  >
                    {FIRM_TEXT.remove}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function Invite() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const invite = useInvite();
  return (
    <Card withBorder>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSent('');
          invite.mutate(email, {
            onSuccess: (res) => {
              setSent(res.invitation?.email ?? email);
              setEmail('');
            },
          });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {FIRM_TEXT.invite}
          </Title>
          <Text size="sm">{FIRM_TEXT.inviteHelp}</Text>
          <EmailInput
            label={FIRM_TEXT.email}
            value={email}
            required
            onChange={(e) => {
              setEmail(e.currentTarget.value);
            }}
          />
          {invite.error && (
            <Alert color="red" variant="light">
              {errorMessageOr(invite.error, FIRM_TEXT.failed)}
            </Alert>
          )}
          {sent && (
            <Alert color="green" variant="light" role="status">
              {FIRM_TEXT.sent(sent)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={invite.isPending}>
              {FIRM_TEXT.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Pending() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {FIRM_TEXT.pending}
        </Title>
        {revoke.error && (
          <Alert color="red" variant="light">
            {errorMessageOr(revoke.error, FIRM_TEXT.failed)}
          </Alert>
        )}
        {(invitations.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {FIRM_TEXT.noPending}
          </Text>
        ) : (
          (invitations.data ?? []).map((inv) => (
            <Group key={inv.id} justify="space-between" wrap="wrap" data-testid="pending-invitation">
              <div>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                  {inv.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {inv.invitedBy} · {formatInstant(inv.createdAt)} ·{' '}
                  {FIRM_TEXT.expires(inv.expiresAt ? formatDate(instantToIsoDate(inv.expiresAt)) : '')}
                </Text>
              </div>
              <Button
                size="xs"
                variant="default"
                disabled={revoke.isPending}
                aria-label={`${FIRM_TEXT.withdraw} ${inv.email}`}
                onClick={() => {
                  revoke.mutate(inv.id);
                }}
              >
                {FIRM_TEXT.withdraw}
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

function Leave() {
  const leave = useLeaveFirm();
  return (
    <Stack gap="xs" align="flex-start">
      {leave.error && (
        <Alert color="red" variant="light">
          {errorMessageOr(leave.error, FIRM_TEXT.failed)}
        </Alert>
      )}
      <Button
        color="red"
        variant="subtle"
        onClick={() => {
          if (window.confirm(FIRM_TEXT.confirmLeave)) leave.mutate({});
        }}
      >
        {FIRM_TEXT.leave}
      </Button>
    </Stack>
  );
}
