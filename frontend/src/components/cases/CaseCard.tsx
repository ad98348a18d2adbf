import { ActionIcon, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Case } from '@gen/kesi/v1/case_pb';
import { CaseStatusBadge } from '@/components/CaseStatusBadge';
import { formatDate } from '@/lib/dates';
import { isConcluded } from '@/lib/vocabulary';
import { SITTING_TEXT } from './SittingCard';

export interface CaseCardProps {
  c: Case;
  onOpen: () => void;
  /** The small print under the parties, a line each (court, filing date, time...); blanks are left out. */
  details: readonly string[];
  /** Shows the bin when given. */
  onDelete?: () => void;
  /** Shows when the matter is next in court (or that it is concluded), as the cases list does. */
  showNext?: boolean;
  'data-testid'?: string;
  className?: string;
}

/**
 * The one case card (the cases list on a phone, the calendar's day, the report): the case
 * number and status, the parties, then the screen's details; tap to open.
 */
export function CaseCard({ c, onOpen, details, onDelete, showNext, 'data-testid': testId = 'case-card', className }: CaseCardProps) {
  return (
    <Card withBorder padding="sm" data-testid={testId} className={className}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} aria-label={`Open case ${c.caseId}`}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              {/* The full case number, wrapped: a cut one cannot be told from its neighbours. */}
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {c.caseId}
              </Text>
              <CaseStatusBadge status={c.status} size="sm" />
            </Group>
            <Text size="sm" lineClamp={2}>
              {c.parties || 'No parties listed'}
            </Text>
            {showNext && (
              // What the advocate looks for first: when the matter is next in court.
              <Text size="sm" fw={600} data-testid="case-next-date">
                {isConcluded(c)
                  ? SITTING_TEXT.concluded
                  : c.activityDate
                    ? `Next: ${formatDate(c.activityDate)}${c.time ? `, ${c.time}` : ''}${c.activity ? ` · ${c.activity}` : ''}`
                    : 'No next date'}
              </Text>
            )}
            {details.filter(Boolean).map((line, i) => (
              <Text key={i} size="xs" c="dimmed" lineClamp={2}>
                {line}
              </Text>
            ))}
          </Stack>
        </UnstyledButton>
        {onDelete && (
          <ActionIcon variant="subtle" color="red" aria-label={`Delete case ${c.caseId}`} onClick={onDelete}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
            </svg>
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}
