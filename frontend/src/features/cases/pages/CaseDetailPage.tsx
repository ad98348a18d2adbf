import { Box, Button, Card, Center, Group, Loader, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { CaseStatusBadge } from '@/components/CaseStatusBadge';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { formatDate } from '@/lib/dates';
import { RecordOutcomeDialog } from '@/components/cases/RecordOutcomeDialog';
import { SITTING_TEXT } from '@/components/cases/SittingCard';
import { isConcluded } from '@/lib/vocabulary';
import { CaseClients } from '../components/CaseClients';
import { useCase, useCaseActivities } from '../queries';
import { ActivityBadge } from '@/components/ActivityBadge';

const TEXT = {
  back: 'Back to Cases',
  error: 'Failed to load case details',
  retry: 'Try Again',
  caseId: 'Case ID',
  status: 'Status',
  parties: 'Parties',
  court: 'Law Court',
  filingDate: 'Filing Date',
  nextDate: 'Next Date',
  notes: 'Notes',
  none: 'Not provided',
  activities: 'Activities',
  documents: 'Documents',
  record: 'Record outcome',
  noActivities: 'No activities found for this case',
  columns: ['Activity', 'Date', 'Client Name', 'Case ID', 'Law Court', 'Outcome'],
};

/** Newest first by date then time; the server already answers so, this keeps it true. */
/**
 * What other features show on a case's page (its cause-list findings, its documents): the app
 * composes them in (app/composition.tsx), so no feature imports another.
 */
export interface CaseDetailSlots {
  /** The case's cause-list findings, by its internal id. */
  listings: (caseRef: string) => ReactNode;
  /** The case's Documents tab, by its case number. */
  documents: (caseId: string) => ReactNode;
  /** The firm's part of a case (Share, who attends each sitting), by its internal id. */
  firm: (caseRef: string) => ReactNode;
}

export function CaseDetailPage({ listings, documents, firm }: CaseDetailSlots) {
  useRefetchOnTokenRefresh();
  // The splat holds the case number, slashes and all (a raw /cases/MCCC/E1234/2025 too).
  const id = useParams()['*'] ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as { case?: Case } | null)?.case;
  // ?ref= names a colleague's shared case by its internal id: the number alone opens one's own.
  const ref = useSearchParams()[0].get('ref') ?? undefined;
  const caseQuery = useCase(id, passed, ref);
  const [recordOpen, setRecordOpen] = useState(false);
  const c = caseQuery.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Button
          variant="subtle"
          px={0}
          leftSection={<span aria-hidden>←</span>}
          onClick={() => {
            void navigate('/cases');
          }}
        >
          {TEXT.back}
        </Button>
        {c && (
          <Button
            onClick={() => {
              setRecordOpen(true);
            }}
          >
            {TEXT.record}
          </Button>
        )}
      </Group>
      {caseQuery.isError && !c ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void caseQuery.refetch()} retryLabel={TEXT.retry} />
      ) : !c ? (
        <Card withBorder>
          <Stack>
            <Skeleton height={28} width="50%" />
            <Skeleton height={16} />
            <Skeleton height={16} width="70%" />
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder>
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
                  {c.caseId}
                </Title>
                <CaseStatusBadge status={c.status} size="lg" />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Field label={TEXT.caseId} value={c.caseId} />
                <Field label={TEXT.status} value={c.status} />
                <Field label={TEXT.parties} value={c.parties} />
                <Field label={TEXT.court} value={c.lawCourt} />
                <Field label={TEXT.filingDate} value={c.filingDate ? formatDate(c.filingDate) : ''} />
                <Field
                  label={TEXT.nextDate}
                  value={
                    isConcluded(c)
                      ? SITTING_TEXT.concluded
                      : c.activityDate
                        ? `${formatDate(c.activityDate)}${c.time ? ` ${c.time}` : ''}`
                        : ''
                  }
                />
              </SimpleGrid>
              <Field label={TEXT.notes} value={c.notes} />
            </Stack>
          </Card>
          <CaseClients caseRef={c.id} />
          {listings(c.id)}
          {firm(c.id)}
          <Tabs defaultValue="activities" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="activities">{TEXT.activities}</Tabs.Tab>
              <Tabs.Tab value="documents">{TEXT.documents}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="activities" pt="md">
              <Activities caseId={c.caseId} caseRef={ref} />
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              {documents(ref ? c.id : c.caseId)}
            </Tabs.Panel>
          </Tabs>
          <RecordOutcomeDialog
            target={c}
            opened={recordOpen}
            onClose={() => {
              setRecordOpen(false);
            }}
          />
        </>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value || TEXT.none}</Text>
    </div>
  );
}

function Activities({ caseId, caseRef }: { caseId: string; caseRef?: string }) {
  const activities = useCaseActivities(caseId, caseRef);
  if (activities.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading activities" />
      </Center>
    );
  }
  if (activities.isError) {
    return <ErrorPanel title="Failed to load activities" onRetry={() => void activities.refetch()} />;
  }
  if (activities.data.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {TEXT.noActivities}
      </Text>
    );
  }
  // One order on every door: the server answers newest first and the page keeps it.
  const rows = activities.data;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid="activity-cards">
        {rows.map((a) => (
          <Card key={a.id} withBorder padding="sm" component="article">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="sm" fw={700}>
                {formatDate(a.activityDate)}
                {a.time ? `, ${a.time}` : ''}
              </Text>
              <ActivityBadge activity={a.activity} />
            </Group>
            {a.lawCourt && (
              <Text size="sm" c="dimmed">
                {a.lawCourt}
              </Text>
            )}
            {a.clientName && <Text size="sm">Client: {a.clientName}</Text>}
            <Text size="sm" c={a.outcome ? undefined : 'dimmed'}>
              {a.outcome ? `Outcome: ${a.outcome}` : SITTING_TEXT.noOutcome}
            </Text>
          </Card>
        ))}
      </Stack>
      <Box visibleFrom="sm">
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {TEXT.columns.map((col) => (
              <Table.Th key={col}>{col}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.activity}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(a.activityDate)}
                {a.time ? ` ${a.time}` : ''}
              </Table.Td>
              <Table.Td>{a.clientName}</Table.Td>
              <Table.Td>{a.caseId}</Table.Td>
              <Table.Td>{a.lawCourt}</Table.Td>
              <Table.Td>{a.outcome}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
      </Box>
    </>
  );
}
