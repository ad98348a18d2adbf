import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { formatDate } from '@/lib/dates';
import { linkToCase } from '@/lib/caseLinks';
import { isConcluded } from '@/lib/vocabulary';
import { ActivityBadge } from '@/components/ActivityBadge';

export const SITTING_TEXT = {
  record: 'Record outcome',
  lastOutcome: 'Last outcome',
  noOutcome: 'No outcome recorded yet',
  concluded: 'Concluded',
  attending: (who: string, by: string) => (by ? `Attending: ${who} (assigned by ${by})` : `Attending: ${who}`),
};

/**
 * One sitting of a case (a calendar row): when and where, the full case number (wrapped, never
 * cut), the parties, that sitting's own activity, the last outcome and Record outcome.
 */
export function SittingCard({
  c,
  showDate,
  lastOutcome,
  onRecord,
  attending,
  testId = 'sitting-card',
}: {
  c: Case;
  showDate: boolean;
  /** '' when none was recorded; undefined while loading; null when it cannot be known now. */
  lastOutcome?: string | null;
  onRecord: () => void;
  /** Who of the firm attends this sitting, when it was assigned. */
  attending?: { attendedBy: string; assignedBy: string } | null;
  testId?: string;
}) {
  const when = isConcluded(c)
    ? SITTING_TEXT.concluded
    : [showDate ? formatDate(c.activityDate) : '', c.time].filter(Boolean).join(', ');
  return (
    <Card withBorder padding="sm" data-testid={testId} component="article" aria-label={c.caseId}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" fw={700}>
            {when || 'Time not set'}
          </Text>
          {c.activity && (
            <ActivityBadge activity={c.activity} />
          )}
        </Group>
        {c.lawCourt && (
          <Text size="sm" c="dimmed">
            {c.lawCourt}
          </Text>
        )}
        <Anchor component={Link} to={linkToCase(c)} state={{ case: c }} fw={700} style={{ overflowWrap: 'anywhere' }}>
          {c.caseId}
        </Anchor>
        {c.parties && <Text size="sm">{c.parties}</Text>}
        {attending && (
          <Text size="sm" fw={600} data-testid="sitting-attending">
            {SITTING_TEXT.attending(attending.attendedBy, attending.assignedBy)}
          </Text>
        )}
        {lastOutcome === undefined ? (
          // The line's room is kept while the outcome loads: a card that grew when it came pushed
          // the cards below it down (Lighthouse's layout shift on the dashboard, issue 17).
          <Skeleton width="60%" data-testid="last-outcome-loading">
            <Text size="sm">{SITTING_TEXT.lastOutcome}</Text>
          </Skeleton>
        ) : (
          lastOutcome !== null && (
            <Text size="sm" c={lastOutcome ? undefined : 'dimmed'}>
              {lastOutcome ? `${SITTING_TEXT.lastOutcome}: ${lastOutcome}` : SITTING_TEXT.noOutcome}
            </Text>
          )
        )}
        <Group justify="flex-end" mt={4}>
          <Button size="sm" onClick={onRecord} aria-label={`${SITTING_TEXT.record} for ${c.caseId}`}>
            {SITTING_TEXT.record}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
