import { ActionIcon, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Case } from '@gen/kesi/v1/case_pb';
import { CaseStatusBadge } from '@/components/CaseStatusBadge';
import { formatDate } from '@/lib/dates';
import { isConcluded } from '../vocabulary';
import { SITTING_TEXT } from './SittingCard';

/** A case on a phone: tap to open; the bin (or a swipe left) asks to delete. */
export function CaseCard({ c, onOpen, onDelete }: { c: Case; onOpen: () => void; onDelete: () => void }) {
  return (
    <Card withBorder padding="sm" data-testid="case-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} aria-label={`Open case ${c.caseId}`}>
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {c.caseId}
              </Text>
              <CaseStatusBadge status={c.status} size="sm" />
            </Group>
            <Text size="sm" lineClamp={2}>
              {c.parties || 'No parties listed'}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {c.lawCourt || 'N/A'}
            </Text>
            {/* What the advocate looks for first: when the matter is next in court. */}
            <Text size="sm" fw={600} data-testid="case-next-date">
              {isConcluded(c)
                ? SITTING_TEXT.concluded
                : c.activityDate
                  ? `Next: ${formatDate(c.activityDate)}${c.time ? `, ${c.time}` : ''}${c.activity ? ` · ${c.activity}` : ''}`
                  : 'No next date'}
            </Text>
            <Text size="xs" c="dimmed">
              Filed {formatDate(c.filingDate)}
            </Text>
          </Stack>
        </UnstyledButton>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete case ${c.caseId}`} onClick={onDelete}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
          </svg>
        </ActionIcon>
      </Group>
    </Card>
  );
}
