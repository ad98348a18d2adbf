import { Button, Group, Skeleton, Table, Text } from '@mantine/core';
import type { Date as CalendarDate } from '@gen/google/type/date_pb';
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
  delete: 'Delete',
  markUpdated: 'Mark as Updated',
  marking: 'Marking...',
  noParties: 'No parties listed',
  noCourt: 'N/A',
};

/** SPEC.md section 9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;

/** The table's date column: which date, under which heading, and whether it comes before Status. */
export interface DateColumn {
  label: string;
  of: (c: Case) => CalendarDate | undefined;
  beforeStatus?: boolean;
}

/** SPEC.md section 2's shared table shows the activity date after the status. */
const ACTIVITY_DATE: DateColumn = { label: TEXT.activityDate, of: (c) => c.activityDate };

export interface CaseTableProps {
  cases: Case[];
  /** The date column; the activity date by default. */
  date?: DateColumn;
  /** Shows the 'Delete' action when given (the cases screen). */
  onDelete?: (c: Case) => void;
  minWidth?: number;
  loading?: boolean;
  emptyMessage: string;
  onOpen: (c: Case) => void;
  /** Shows the 'Mark as Updated' action when given. */
  onMarkUpdated?: (c: Case) => void;
  /** The internal id of the case being marked, if any. */
  markingId?: string | null;
}

/**
 * The one case table (SPEC.md section 2): Case ID, Parties, Court, Status, a date, View (and
 * Delete or Mark as Updated where the screen has them); a row click opens the case.
 */
export function CaseTable({
  cases,
  date = ACTIVITY_DATE,
  onDelete,
  minWidth = 640,
  loading,
  emptyMessage,
  onOpen,
  onMarkUpdated,
  markingId,
}: CaseTableProps) {
  const dateHead = <Table.Th>{date.label}</Table.Th>;
  const statusHead = <Table.Th>{TEXT.status}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TEXT.caseId}</Table.Th>
            <Table.Th>{TEXT.parties}</Table.Th>
            <Table.Th>{TEXT.court}</Table.Th>
            {date.beforeStatus ? dateHead : statusHead}
            {date.beforeStatus ? statusHead : dateHead}
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
                {date.beforeStatus ? dateCell(date.of(c)) : statusCell(c)}
                {date.beforeStatus ? statusCell(c) : dateCell(date.of(c))}
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
                    {onDelete && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`${TEXT.delete} ${c.caseId}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onDelete(c);
                        }}
                      >
                        {TEXT.delete}
                      </Button>
                    )}
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

function statusCell(c: Case) {
  return (
    <Table.Td>
      <CaseStatusBadge status={c.status} />
    </Table.Td>
  );
}

function dateCell(d: CalendarDate | undefined) {
  return <Table.Td>{d ? formatDate(d) : '—'}</Table.Td>;
}
