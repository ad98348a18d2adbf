import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { useSessionUser } from '@/app/session/SessionProvider';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { formatDate, formatLongDate, todayIsoDate } from '@/lib/dates';
import { SittingCard } from '@/components/cases/SittingCard';
import { linkToCase } from '@/lib/caseLinks';
import { useLastOutcomes } from '@/api/cases';
import { useTodayAttendance, useTodayCases, useTotalCases, useWeekCases } from '../queries';
import { FirstCase } from '../components/FirstCase';
import { ActivityBadge } from '@/components/ActivityBadge';

/** The outcome form and its date picker (@mantine/dates) load on the first tap, not with the first screen. */
const RecordOutcomeDialog = lazy(() => import('@/components/cases/RecordOutcomeDialog').then((m) => ({ default: m.RecordOutcomeDialog })));

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

/** The cause-list summary (another feature's) comes from the app's composition (app/composition.tsx). */
export function DashboardPage({ causeLists, clashes }: { causeLists: ReactNode; clashes: ReactNode }) {
  useRefetchOnTokenRefresh();
  const user = useSessionUser();
  const today = todayIsoDate();
  const [recording, setRecording] = useState<Case | null>(null);
  // Each part below reads its own queries (one request each, shared through the cache): an answer
  // draws again the part that shows it, not the whole dashboard (issue 17, a phone's CPU).
  const name = user && user.fullname.trim() !== '' ? user.fullname : TEXT.fallbackName;

  return (
    <Stack gap="sm">
      {/* A phone opens on today's matters: one line of greeting and counts, then the sittings. */}
      <div data-testid="dashboard-summary">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} size="h4">
            {TEXT.welcome(name)}
          </Title>
          <Badge variant="filled" color="blue.9" style={{ flexShrink: 0 }}>
            {capitalise(user?.role ?? '')}
          </Badge>
        </Group>
        {/* The date and the counts each on a line of their own: on one, the counts coming in
            wrapped it onto a second and pushed today's sittings down (Lighthouse's layout shift
            on a phone, issue 17). */}
        <Text size="sm">{formatLongDate(today)}</Text>
        <Counts today={today} />
      </div>
      <FirstCaseWhenEmpty />
      {clashes}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TodaySittings today={today} onRecord={setRecording} />
        <WeekList />
      </SimpleGrid>
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
      {causeLists}
      {recording && (
        <Suspense fallback={null}>
          <RecordOutcomeDialog target={recording} opened onClose={() => { setRecording(null); }} />
        </Suspense>
      )}
    </Stack>
  );
}

function Counts({ today }: { today: string }) {
  const todayCases = useTodayCases(today);
  const week = useWeekCases();
  const total = useTotalCases();
  return (
    <Text size="sm">
      <Count value={todayCases.data?.length} testId="stat-today" /> today
      {' · '}
      <Count value={week.data?.length} testId="stat-week" /> this week
      {' · '}
      <Count value={total.data} testId="stat-total" /> in all
    </Text>
  );
}

/** An empty diary's next step comes first: two empty lists below it say nothing. */
function FirstCaseWhenEmpty() {
  const total = useTotalCases();
  return total.data === 0 ? <FirstCase /> : null;
}

function WeekList() {
  const week = useWeekCases();
  const navigate = useNavigate();
  const open = (c: Case) => {
    void navigate(linkToCase(c), { state: { case: c } });
  };
  return <CaseList title={TEXT.thisWeek} query={week} empty={TEXT.noWeek} onOpen={open} showDate />;
}

function Count({ value, testId }: { value: number | undefined; testId: string }) {
  return (
    <Text span fw={700} data-testid={testId}>
      {value ?? '…'}
    </Text>
  );
}

/** Today's sittings as cards, each with its own Record outcome. */
function TodaySittings({ today, onRecord }: { today: string; onRecord: (c: Case) => void }) {
  const query = useTodayCases(today);
  // Who attends each sitting, in the list's order (a firm's assignments).
  const attendance = useTodayAttendance(today).data;
  const outcomes = useLastOutcomes((query.data ?? []).map((c) => c.caseId));
  return (
    <section aria-labelledby="today-title">
      <Title order={2} size="h4" mb="xs" id="today-title">
        {TEXT.schedule}
      </Title>
      {query.isPending ? (
        // About three cards' height: on a phone the week's list below then waits under the fold
        // instead of jumping down when the sittings come (Lighthouse's layout shift, issue 17).
        <Stack gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={190} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed" size="sm" py="xs" ta="center">
            {TEXT.noToday}
          </Text>
        </Card>
      ) : (
        <Stack gap="xs">
          {query.data.map((c, i) => (
            <SittingCard
              key={`${c.id}-${i}`}
              c={c}
              showDate={false}
              lastOutcome={outcomes[c.caseId]}
              attending={attendance?.[i]}
              onRecord={() => {
                onRecord(c);
              }}
            />
          ))}
        </Stack>
      )}
    </section>
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
        // The first eight are kept for the next opening (app/offline/snapshot); the rest come with the app.
        <Stack gap="xs" data-snapshot-limit={8}>
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
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.caseId}
                </Text>
                {c.activity && (
                  <ActivityBadge activity={c.activity} />
                )}
              </Group>
              <Text size="sm" lineClamp={1}>
                {c.parties}
              </Text>
              <Text size="xs" c="dimmed">
                {[showDate ? formatDate(c.activityDate) : '', c.time, c.lawCourt].filter(Boolean).join(' · ')}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}
