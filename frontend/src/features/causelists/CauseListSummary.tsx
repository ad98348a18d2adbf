import { Anchor, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { todayIsoDate } from '@/lib/dates';
import { addDays, nextCourtDay, summary } from './format';
import { useCauseListMatches } from './queries';

export const SUMMARY_TEXT = {
  label: (day: string, tomorrow: boolean) => (tomorrow ? "Tomorrow's lists" : `${day}'s lists`),
  open: 'Open cause lists',
};

const WEEKDAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** For the dashboard: what the next court day's lists say about the advocate's matters. */
export function CauseListSummary() {
  const today = todayIsoDate();
  const day = nextCourtDay(today);
  const matches = useCauseListMatches(day, day);
  const tomorrow = day === addDays(today, 1);
  const weekday = WEEKDAY[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? '';
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconListCheck size={20} aria-hidden />
          {matches.isPending ? (
            <Skeleton height={16} width={240} />
          ) : (
            <Text size="sm" data-testid="cause-list-summary">
              <Text span fw={600}>
                {SUMMARY_TEXT.label(weekday, tomorrow)}:
              </Text>{' '}
              {matches.isError ? '—' : summary(matches.data)}
            </Text>
          )}
        </Group>
        <Anchor component={Link} to="/cause-lists" size="sm" style={{ flexShrink: 0 }}>
          {SUMMARY_TEXT.open}
        </Anchor>
      </Group>
    </Card>
  );
}
