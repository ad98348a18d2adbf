import { Button, Group, Skeleton, Table, Text } from '@mantine/core';
import type { Case } from '@gen/kesi/v1/case_pb';
import { formatDate } from '@/lib/dates';
import { CaseStatusBadge } from './CaseStatusBadge';

const TEXT = {
  caseId: 'Case ID',
  parties: 'Parties',
  court: 'Court',
  status: 'Status',
  activityDate: 'Activity Date',
  actions: 'Actions',
  view: 'View',
  markUpdated: 'Mark as Updated',
  marking: 'Marking...',
  noParties: 'No parties listed',
  noCourt: 'N/A',
};

/** SPEC.md section 9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;

export interface CaseTableProps {
  cases: Case[];
  loading?: boolean;
  emptyMessage: string;
  onOpen: (c: Case) => void;
  /** Shows the 'Mark as Updated' action when given. */
  onMarkUpdated?: (c: Case) => void;
  /** The internal id of the case being marked, if any. */
  markingId?: string | null;
}

/**
 * The shared case table of SPEC.md section 2: Case ID, Parties, Court, Status, Activity Date,
 * View; a row click opens the case.
 */
export function CaseTable({ cases, loading, emptyMessage, onOpen, onMarkUpdated, markingId }: CaseTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TEXT.caseId}</Table.Th>
            <Table.Th>{TEXT.parties}</Table.Th>
            <Table.Th>{TEXT.court}</Table.Th>
            <Table.Th>{TEXT.status}</Table.Th>
            <Table.Th>{TEXT.activityDate}</Table.Th>
            <Table.Th>{TEXT.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={loading}>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Tr key={i} data-testid="skeleton-row">
                {Array.from({ length: 6 }, (__, j) => (
                  <Table.Td key={j}>
                    <Skeleton height={20} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : cases.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text ta="center" c="dimmed" py="md">
                  {emptyMessage}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            cases.map((c) => (
              <Table.Tr
                key={c.id + (c.activityDate ? `-${c.activityDate.year}-${c.activityDate.month}-${c.activityDate.day}` : '')}
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  onOpen(c);
                }}
              >
                <Table.Td fw={600}>{c.caseId}</Table.Td>
                <Table.Td>{c.parties || TEXT.noParties}</Table.Td>
                <Table.Td>{c.lawCourt || TEXT.noCourt}</Table.Td>
                <Table.Td>
                  <CaseStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{c.activityDate ? formatDate(c.activityDate) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`${TEXT.view} ${c.caseId}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(c);
                      }}
                    >
                      {TEXT.view}
                    </Button>
                    {onMarkUpdated && (
                      <Button
                        size="xs"
                        variant="outline"
                        loading={markingId === c.id}
                        disabled={markingId != null && markingId !== c.id}
                        aria-label={`${TEXT.markUpdated} ${c.caseId}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onMarkUpdated(c);
                        }}
                      >
                        {markingId === c.id ? TEXT.marking : TEXT.markUpdated}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
