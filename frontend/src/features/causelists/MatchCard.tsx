import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CauseListMatchKind, type CauseListMatch } from '@gen/kesi/v1/causelist_pb';
import { errorMessage } from '@/api/errors';
import { toIsoDate, todayIsoDate } from '@/lib/dates';
import { KIND, kenyanDay } from './format';
import { useApplyCauseListMatch, useDismissCauseListMatch } from './queries';

export const MATCH_TEXT = {
  join: 'Join virtual court',
  apply: 'Apply to diary',
  dismiss: 'Dismiss',
  applied: (day: string) => `The diary now has ${day}.`,
  notListedHint: 'Not on the list for this day. Check with the registry.',
  newDateHint: 'Your diary does not have this date.',
  pastHint: 'This day has passed: check the next date with the registry.',
  from: (list: string) => `From ${list}`,
};

/** One finding: what the list says about one case on one day, with what can be done about it. */
export function MatchCard({ match, showCase = true }: { match: CauseListMatch; showCase?: boolean }) {
  const apply = useApplyCauseListMatch();
  const dismiss = useDismissCauseListMatch();
  const kind = KIND[match.kind];
  const day = kenyanDay(match.listedDate);
  const details = [match.time, match.courtRoom, match.judicialOfficer].filter((s) => s !== '');
  const busy = apply.isPending || dismiss.isPending;
  // A past list's date never becomes the next date (the server refuses it too).
  const past = toIsoDate(match.listedDate) < todayIsoDate();
  return (
    <Card withBorder padding="sm" data-testid="cause-list-match">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {showCase ? (
            <Text component={Link} to={`/cases/${encodeURIComponent(match.caseId)}`} fw={600} style={{ wordBreak: 'break-word' }}>
              {match.caseId}
            </Text>
          ) : (
            <Text fw={600}>{day}</Text>
          )}
          <Badge color={kind.color} variant="light" style={{ flexShrink: 0 }}>
            {kind.label}
          </Badge>
        </Group>
        {match.activity !== '' && <Text size="sm">{match.activity}</Text>}
        {details.length > 0 && (
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
        )}
        {match.court !== '' && (
          <Text size="xs" c="dimmed">
            {match.court}
          </Text>
        )}
        {match.kind === CauseListMatchKind.NOT_LISTED && <Text size="sm">{MATCH_TEXT.notListedHint}</Text>}
        {match.kind === CauseListMatchKind.NEW_DATE && <Text size="sm">{past ? MATCH_TEXT.pastHint : MATCH_TEXT.newDateHint}</Text>}
        <Group gap="xs">
          {match.virtualLink !== '' && (
            <Button
              component="a"
              href={match.virtualLink}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              leftSection={<IconVideo size={16} aria-hidden />}
            >
              {MATCH_TEXT.join}
            </Button>
          )}
          {match.kind === CauseListMatchKind.NEW_DATE && !past && (
            <Button
              size="xs"
              variant="light"
              loading={apply.isPending}
              disabled={busy}
              onClick={() => {
                apply.mutate(match.id, {
                  onSuccess: () => notifications.show({ color: 'green', message: MATCH_TEXT.applied(day) }),
                  onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
                });
              }}
            >
              {MATCH_TEXT.apply}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={dismiss.isPending}
            disabled={busy}
            onClick={() => {
              dismiss.mutate(match.id, { onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }) });
            }}
          >
            {MATCH_TEXT.dismiss}
          </Button>
        </Group>
        {match.list && match.list.fileName !== '' && (
          <Text size="xs" c="dimmed">
            {MATCH_TEXT.from(match.list.fileName)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
