import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { useSession } from '@/app/session/SessionProvider';
import { CaseStatusBadge } from '@/components/CaseStatusBadge';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/components/useRefetchOnTokenRefresh';
import { formatDate, formatLongDate, todayIsoDate } from '@/lib/dates';
import { CauseListSummary } from '@/features/causelists/CauseListSummary';
import { useTodayCases, useTotalCases, useWeekCases } from '../queries';

export const TEXT = {
  welcome: (name: string) => `Welcome back, ${name}`,
  fallbackName: 'Counselor',
  today: "Today's Cases",
  week: "Week's Cases",
  total: 'Total Cases',
  schedule: "Today's Schedule",
  thisWeek: 'This Week',
  noToday: 'No cases scheduled for today',
  noWeek: 'No cases scheduled this week',
  error: 'Failed to load cases',
  demoTitle: 'You are using the demo account',
  demoBody: 'Demo data is reset every few hours and is not kept. Create your own account to keep your diary.',
  upgrade: 'Upgrade to Real Account',
};

function capitalise(s: string) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'User';
}

export function DashboardPage() {
  useRefetchOnTokenRefresh();
  const { user } = useSession();
  const today = todayIsoDate();
  const todayCases = useTodayCases(today);
  const week = useWeekCases();
  const total = useTotalCases();
  const navigate = useNavigate();
  const open = (c: Case) => {
    void navigate(`/cases/${encodeURIComponent(c.caseId)}`, { state: { case: c } });
  };

  return (
    <Stack>
      <Card withBorder bg="blue.9" c="white">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {TEXT.welcome(user && user.fullname.trim() !== '' ? user.fullname : TEXT.fallbackName)}
            </Title>
            <Text size="sm">{formatLongDate(today)}</Text>
          </div>
          <Badge color="white" c="blue.9" variant="filled">
            {capitalise(user?.role ?? '')}
          </Badge>
        </Group>
      </Card>
      {user?.role === 'demo' && (
        // Yellow title text on the light yellow fill is 2.7:1; the title reads in the body colour.
        <Alert color="yellow" title={TEXT.demoTitle} variant="light" styles={{ title: { color: 'var(--mantine-color-black)' } }}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dark">
              {TEXT.demoBody}
            </Text>
            <Button component={Link} to="/register" size="xs">
              {TEXT.upgrade}
            </Button>
          </Stack>
        </Alert>
      )}
      <CauseListSummary />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label={TEXT.today} value={todayCases.data?.length} testId="stat-today" />
        <Stat label={TEXT.week} value={week.data?.length} testId="stat-week" />
        <Stat label={TEXT.total} value={total.data} testId="stat-total" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CaseList title={TEXT.schedule} query={todayCases} empty={TEXT.noToday} onOpen={open} showDate={false} />
        <CaseList title={TEXT.thisWeek} query={week} empty={TEXT.noWeek} onOpen={open} showDate />
      </SimpleGrid>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ height: 36 }}>
        {value === undefined ? (
          <Skeleton height={28} width={48} mt={4} />
        ) : (
          <Text fw={700} fz={28} data-testid={testId}>
            {value}
          </Text>
        )}
      </div>
    </Card>
  );
}

function CaseList({
  title,
  query,
  empty,
  onOpen,
  showDate,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; data?: Case[]; refetch: () => Promise<unknown> };
  empty: string;
  onOpen: (c: Case) => void;
  showDate: boolean;
}) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Stack>
      ) : query.isError || !query.data ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">
          {query.data.map((c, i) => (
            <UnstyledButton
              key={`${c.id}-${i}`}
              onClick={() => {
                onOpen(c);
              }}
              aria-label={`Open case ${c.caseId}`}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {c.caseId}
                </Text>
                <CaseStatusBadge status={c.status} size="sm" />
              </Group>
              <Text size="sm" lineClamp={1}>
                {c.parties}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[showDate ? formatDate(c.activityDate) : '', c.time, c.lawCourt].filter(Boolean).join(' · ')}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}
