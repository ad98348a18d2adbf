import { Badge, Button, Card, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { CaseStatusBadge } from '@/components/CaseStatusBadge';
import { CaseTable } from '@/components/CaseTable';
import { ErrorPanel } from '@/components/ErrorPanel';
import { PullToRefresh } from '@/components/PullToRefresh';
import { useIsMobile } from '@/hooks/useListFreshness';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { RecordOutcomeDialog } from '@/components/cases/RecordOutcomeDialog';
import { SITTING_TEXT } from '@/components/cases/SittingCard';
import { linkToCase } from '@/lib/caseLinks';
import { formatDate } from '@/lib/dates';
import { useCasesNeedingUpdate, useMarkCaseUpdated } from '../queries';
import { optionsOf, splitTabs } from '../sort';

export const TEXT = {
  title: 'Notifications',
  subtitle: 'Cases requiring your attention',
  total: 'Total Cases',
  notificationCases: 'Notifications',
  pendingCases: 'Pending Updates',
  court: 'Filter by Court',
  status: 'Filter by Status',
  clear: 'Clear Filters',
  cardTitle: 'Case Notifications',
  cardSubtitle: 'Manage and review your case updates',
  tabNotifications: (n: number) => `Notifications (${n})`,
  tabPending: (n: number) => `Pending (${n})`,
  noParties: 'No parties listed',
  court_: 'Court',
  activityDate: 'Activity Date',
  mark: 'Mark Updated',
  marking: 'Marking...',
  view: 'View Details',
  fetchFailed: 'Failed to fetch notifications. Please try again.',
  errorTitle: 'Failed to load notifications',
  errorBody: 'There was an error loading your notifications. Please check your connection and try again.',
  retry: 'Try Again',
  emptyTitle: 'No notifications',
  emptyBody: "All caught up! You don't have any new case notifications at the moment.",
  emptyDesktop: 'No notifications found.',
  pendingEmptyTitle: 'No pending updates',
  pendingEmptyBody: "You don't have any cases marked as pending updates.",
  pendingEmptyDesktop: 'No pending updates found.',
  dialogTitle: 'Confirm Mark as Updated',
  dialogBody:
    'By marking this case as updated, it means you have not updated it for some reasons and you will check it up next time. Are you sure you want to proceed?',
  cancel: 'Cancel',
  confirm: 'Yes, Mark as Updated',
  markSuccess: 'Case marked as updated successfully',
  markFailure: 'Failed to mark case as updated. Please try again.',
};

type Tab = 'notifications' | 'pending';

export function NotificationsPage() {
  useRefetchOnTokenRefresh();
  const mobile = useIsMobile();
  const query = useCasesNeedingUpdate();
  const mark = useMarkCaseUpdated();
  const navigate = useNavigate();
  const [court, setCourt] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('notifications');
  const [selected, setSelected] = useState<Case | null>(null);
  const [markingId, setMarkingId] = useState<string | null>(null);
  const [recording, setRecording] = useState<Case | null>(null);

  useEffect(() => {
    if (query.isError) toast.show({ id: 'notifications-error', color: 'red', message: TEXT.fetchFailed });
  }, [query.isError]);

  const all = useMemo(() => query.data?.cases ?? [], [query.data]);
  const tabs = useMemo(() => splitTabs(all, { court, status }), [all, court, status]);
  const stats = query.data?.stats;
  const open = (c: Case) => {
    void navigate(linkToCase(c), { state: { case: c } });
  };
  const confirmMark = () => {
    if (!selected) return;
    const target = selected;
    setSelected(null);
    setMarkingId(target.id);
    mark.mutate(target.id, {
      onSuccess: () => {
        toast.show({ color: 'green', message: TEXT.markSuccess });
      },
      onError: () => {
        toast.show({ color: 'red', message: TEXT.markFailure });
      },
      onSettled: () => {
        setMarkingId(null);
      },
    });
  };
  const shown = tab === 'notifications' ? tabs.notifications : tabs.pending;
  const onMark = tab === 'notifications' ? setSelected : undefined;

  return (
    <Stack>
      <PageHeading title={TEXT.title} subtitle={TEXT.subtitle} />
      <SimpleGrid cols={3} spacing="sm" data-testid="notification-summary">
        <Stat label={TEXT.total} value={stats?.total} />
        <Stat label={TEXT.notificationCases} value={stats?.notification} />
        <Stat label={TEXT.pendingCases} value={stats?.markedUpdated} />
      </SimpleGrid>
      <Group align="flex-end" grow={mobile}>
        <Select label={TEXT.court} data={optionsOf(all, 'lawCourt')} value={court} onChange={setCourt} clearable searchable />
        <Select label={TEXT.status} data={optionsOf(all, 'status')} value={status} onChange={setStatus} clearable />
        {(court !== null || status !== null) && (
          <Button
            variant="default"
            onClick={() => {
              setCourt(null);
              setStatus(null);
            }}
          >
            {TEXT.clear}
          </Button>
        )}
      </Group>
      {query.isError ? (
        <ErrorPanel title={TEXT.errorTitle} message={TEXT.errorBody} onRetry={() => void query.refetch()} />
      ) : (
        <Card withBorder padding={mobile ? 'sm' : 'md'}>
          <Title order={2} size="h4">
            {TEXT.cardTitle}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {TEXT.cardSubtitle}
          </Text>
          <Tabs
            value={tab}
            onChange={(v) => {
              if (v) setTab(v as Tab);
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="notifications">{TEXT.tabNotifications(tabs.notifications.length)}</Tabs.Tab>
              <Tabs.Tab value="pending">{TEXT.tabPending(tabs.pending.length)}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
            {mobile ? (
              <PullToRefresh onRefresh={() => query.refetch()}>
                <Stack gap="sm">
                  {query.isPending ? (
                    Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={140} radius="md" data-testid="skeleton-card" />)
                  ) : shown.length === 0 ? (
                    <Stack align="center" gap={4} py="xl" ta="center">
                      <Text fw={600}>{tab === 'notifications' ? TEXT.emptyTitle : TEXT.pendingEmptyTitle}</Text>
                      <Text size="sm" c="dimmed">
                        {tab === 'notifications' ? TEXT.emptyBody : TEXT.pendingEmptyBody}
                      </Text>
                    </Stack>
                  ) : (
                    shown.map((c) => (
                      <NotificationCard
                        key={c.id}
                        c={c}
                        marking={markingId === c.id}
                        onMark={onMark}
                        onRecord={() => {
                          setRecording(c);
                        }}
                        onView={() => {
                          open(c);
                        }}
                      />
                    ))
                  )}
                </Stack>
              </PullToRefresh>
            ) : (
              <CaseTable
                cases={shown}
                loading={query.isPending}
                emptyMessage={tab === 'notifications' ? TEXT.emptyDesktop : TEXT.pendingEmptyDesktop}
                onOpen={open}
                onMarkUpdated={onMark}
                markingId={markingId}
              />
            )}
          </div>
        </Card>
      )}
      <Modal
        opened={selected !== null}
        onClose={() => {
          setSelected(null);
        }}
        title={TEXT.dialogTitle}
        centered
      >
        <Stack>
          <Text size="sm">{TEXT.dialogBody}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setSelected(null);
              }}
            >
              {TEXT.cancel}
            </Button>
            <Button onClick={confirmMark}>{TEXT.confirm}</Button>
          </Group>
        </Stack>
      </Modal>
      {recording && <RecordOutcomeDialog target={recording} opened onClose={() => { setRecording(null); }} />}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value === undefined ? <Skeleton height={28} width={40} mt={4} /> : <Text fw={700} size="xl">{value}</Text>}
    </Card>
  );
}

function NotificationCard({
  c,
  marking,
  onMark,
  onRecord,
  onView,
}: {
  c: Case;
  marking: boolean;
  onMark?: (c: Case) => void;
  onRecord: () => void;
  onView: () => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid="notification-card">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {c.caseId}
        </Text>
        <CaseStatusBadge status={c.status} size="sm" />
      </Group>
      <Text size="sm">{c.parties || TEXT.noParties}</Text>
      <Text size="xs" c="dimmed">
        {TEXT.court_}: {c.lawCourt || 'N/A'}
      </Text>
      {c.activityDate && (
        <Text size="xs" c="dimmed">
          {TEXT.activityDate}: {formatDate(c.activityDate)}
        </Text>
      )}
      <Group mt="sm" gap="xs">
        <Button size="xs" onClick={onRecord} aria-label={`${SITTING_TEXT.record} for ${c.caseId}`}>
          {SITTING_TEXT.record}
        </Button>
        {onMark && (
          <Button
            size="xs"
            loading={false}
            disabled={marking}
            onClick={() => {
              onMark(c);
            }}
          >
            {marking ? TEXT.marking : TEXT.mark}
          </Button>
        )}
        <Button size="xs" variant="light" onClick={onView}>
          {TEXT.view}
        </Button>
        {c.markUpdated && <Badge variant="outline">Pending</Badge>}
      </Group>
    </Card>
  );
}
