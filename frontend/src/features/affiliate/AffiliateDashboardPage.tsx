import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconLogout } from '@tabler/icons-react';
import type { Earning, Referral } from '@gen/kesi/v1/affiliate_pb';
import { errorMessage } from '@/api/errors';
import { useLogout, useSessionUser } from '@/app/session/SessionProvider';
import { initials, type SessionUser } from '@/app/session/user';
import { formatInstant } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { conversionRate, useAffiliateStats, useReferrals } from './queries';

export const DASHBOARD_TEXT = {
  title: 'Affiliate Dashboard',
  welcome: (name: string) => `Welcome back, ${name || 'Partner'}!`,
  intro: 'Share your link and earn KSh 450 per referred customer every month.',
  logout: 'Logout',
  totalReferrals: 'Total Referrals',
  totalEarnings: 'Total Earnings',
  conversion: 'Conversion Rate',
  linkTitle: 'Your Affiliate Link',
  copy: 'Copy',
  copied: 'Affiliate link copied to clipboard!',
  noLink: 'Affiliate link not available',
  recent: 'Recent Earnings',
  noEarnings: 'No earnings yet.',
  whenCredited:
    'Commissions are credited on the 1st of each month: KSh 450 for each customer you referred who paid for the month before.',
  referrals: 'Your Referrals',
  noReferrals: 'No referrals yet. Share your link to get started.',
  missingTitle: 'Affiliate Code Missing',
  missingText: 'Your account has no affiliate code yet. Please contact support.',
  loadFailed: 'Failed to load affiliate data.',
  retry: 'Try Again',
};

export function AffiliateDashboardPage() {
  const user = useSessionUser();
  const logout = useLogout();
  if (!user) return null;
  if (!user.affiliate_code) {
    return (
      <Container size="xs" py="xl">
        <Card withBorder padding="xl">
          <Stack align="center" ta="center">
            <Title order={1} size="h2">
              {DASHBOARD_TEXT.missingTitle}
            </Title>
            <Text c="dimmed">{DASHBOARD_TEXT.missingText}</Text>
            <Button color="red" variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
              {DASHBOARD_TEXT.logout}
            </Button>
          </Stack>
        </Card>
      </Container>
    );
  }
  return <Dashboard user={user} onLogout={() => void logout()} />;
}

function Dashboard({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const stats = useAffiliateStats();
  const referrals = useReferrals();
  const link = stats.data?.affiliateLink ?? '';

  const copy = async () => {
    if (!link) {
      notifications.show({ color: 'red', message: DASHBOARD_TEXT.noLink });
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      notifications.show({ color: 'green', message: DASHBOARD_TEXT.copied });
    } catch {
      notifications.show({ color: 'red', message: DASHBOARD_TEXT.noLink });
    }
  };

  return (
    <Box>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={user.profile_image || null} alt={user.fullname} color="teal.9" variant="filled" radius="xl">
                {initials(user.fullname)}
              </Avatar>
              <Box miw={0}>
                <Text fw={700} truncate>
                  {user.fullname}
                </Text>
                <Text size="xs" c="dimmed">
                  Affiliate
                </Text>
              </Box>
            </Group>
            <Button variant="light" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
              {DASHBOARD_TEXT.logout}
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg" component="main">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {DASHBOARD_TEXT.welcome(user.fullname)}
            </Title>
            <Text c="dimmed">{DASHBOARD_TEXT.intro}</Text>
          </Stack>

          {stats.isError && (
            <Alert color="red" title={DASHBOARD_TEXT.loadFailed}>
              <Text size="sm">{errorMessage(stats.error)}</Text>
              <Button mt="xs" size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
                {DASHBOARD_TEXT.retry}
              </Button>
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <StatCard label={DASHBOARD_TEXT.totalReferrals} value={stats.data ? String(stats.data.referralCount) : null} />
            <StatCard label={DASHBOARD_TEXT.totalEarnings} value={stats.data ? formatMoney(stats.data.totalEarnings) || 'KSh 0' : null} />
            <StatCard
              label={DASHBOARD_TEXT.conversion}
              value={stats.data ? `${conversionRate(stats.data.activeReferralCount, stats.data.referralCount)}%` : null}
            />
          </SimpleGrid>

          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {DASHBOARD_TEXT.linkTitle}
              </Title>
              <Group wrap="nowrap" gap="xs">
                <TextInput
                  value={link}
                  readOnly
                  aria-label={DASHBOARD_TEXT.linkTitle}
                  style={{ flex: 1 }}
                  placeholder={stats.isPending ? '' : DASHBOARD_TEXT.noLink}
                />
                <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
                  {DASHBOARD_TEXT.copy}
                </Button>
              </Group>
            </Stack>
          </Card>

          <Card withBorder>
            <Title order={2} size="h4" mb={4}>
              {DASHBOARD_TEXT.recent}
            </Title>
            <Text size="sm" c="gray.7" mb="sm">
              {DASHBOARD_TEXT.whenCredited}
            </Text>
            {stats.isPending ? (
              <Rows />
            ) : !stats.data || stats.data.earnings.length === 0 ? (
              <Text c="dimmed">{DASHBOARD_TEXT.noEarnings}</Text>
            ) : (
              <Stack gap="xs">
                {stats.data.earnings.slice(0, 5).map((e) => (
                  <EarningRow key={e.id} earning={e} />
                ))}
              </Stack>
            )}
          </Card>

          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {DASHBOARD_TEXT.referrals}
            </Title>
            {referrals.isPending ? (
              <Rows />
            ) : referrals.isError ? (
              <Alert color="red" title={DASHBOARD_TEXT.loadFailed}>
                <Button size="xs" variant="light" color="red" onClick={() => void referrals.refetch()}>
                  {DASHBOARD_TEXT.retry}
                </Button>
              </Alert>
            ) : referrals.data.length === 0 ? (
              <Text c="dimmed">{DASHBOARD_TEXT.noReferrals}</Text>
            ) : (
              <ReferralTable referrals={referrals.data} />
            )}
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}

function Rows() {
  return (
    <Stack gap="xs" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={24} />
      ))}
    </Stack>
  );
}

function StatCard({ label, value }: { label: string; value: string | null }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? <Skeleton height={32} mt={4} /> : <Text fz={28} fw={800}>{value}</Text>}
    </Card>
  );
}

function EarningRow({ earning }: { earning: Earning }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Box>
        <Text fw={600}>{formatMoney(earning.amount)}</Text>
        <Text size="xs" c="dimmed">
          {formatInstant(earning.createdAt)}
        </Text>
      </Box>
      <Badge color={earning.status === 'pending' ? 'yellow' : 'green'} variant="light">
        {earning.status}
      </Badge>
    </Group>
  );
}

function subscriptionText(r: Referral): string {
  const referred = r.referred;
  if (!referred?.subscriptionExpiresAt) return 'None';
  return referred.subscriptionDaysRemaining > 0
    ? `${referred.subscriptionDaysRemaining} days left`
    : `Expired ${formatInstant(referred.subscriptionExpiresAt)}`;
}

function ReferralTable({ referrals }: { referrals: Referral[] }) {
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={DASHBOARD_TEXT.referrals}>
      <Table striped verticalSpacing="xs" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Subscription</Table.Th>
            <Table.Th>Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.referred?.fullname}</Table.Td>
              <Table.Td>{r.referred?.email}</Table.Td>
              <Table.Td>
                <Badge color={r.status === 'active' ? 'green' : 'gray'} variant="light">
                  {r.status}
                </Badge>
                {r.notEligibleReason && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {r.notEligibleReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{subscriptionText(r)}</Table.Td>
              <Table.Td>{formatInstant(r.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
