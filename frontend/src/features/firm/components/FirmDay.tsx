import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FirmSitting } from '@gen/kesi/v1/firm_pb';
import { caseLink } from '@/lib/caseLinks';
import { addToIsoDate, formatLongDate, todayIsoDate } from '@/lib/dates';
import { useFirmDay } from '../queries';

export const FIRM_DAY_TEXT = {
  title: 'Who is in court where',
  previous: 'Previous day',
  next: 'Next day',
  empty: 'No sittings in the firm on this day.',
  assignedBy: (name: string) => `assigned by ${name}`,
  noTime: 'Time not set',
};

/** The firm's day by attendee: each member's sittings, in court order of the day. */
export function FirmDay() {
  const [day, setDay] = useState(todayIsoDate());
  const sittings = useFirmDay(day);
  const byPerson = new Map<string, FirmSitting[]>();
  for (const s of sittings.data ?? []) {
    const key = s.attendeeName || s.ownerName;
    byPerson.set(key, [...(byPerson.get(key) ?? []), s]);
  }
  return (
    <Card withBorder data-testid="firm-day">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={2} size="h4">
              {FIRM_DAY_TEXT.title}
            </Title>
            <Text size="sm" data-testid="firm-day-date">
              {formatLongDate(day)}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={FIRM_DAY_TEXT.previous}
              onClick={() => {
                setDay(addToIsoDate(day, { days: -1 }));
              }}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={FIRM_DAY_TEXT.next}
              onClick={() => {
                setDay(addToIsoDate(day, { days: 1 }));
              }}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {sittings.isPending ? (
          <Skeleton height={60} />
        ) : byPerson.size === 0 ? (
          <Text size="sm" c="dimmed">
            {FIRM_DAY_TEXT.empty}
          </Text>
        ) : (
          [...byPerson.entries()].map(([person, list]) => (
            <Stack key={person} gap={4}>
              <Group gap="xs">
                <Text fw={700}>{person}</Text>
                <Badge variant="filled" color="blue.9">
                  {list.length}
                </Badge>
              </Group>
              {list.map((s) => (
                <Text key={s.activityId} size="sm" pl="sm">
                  <Text span fw={600}>
                    {s.time || FIRM_DAY_TEXT.noTime}
                  </Text>
                  {' · '}
                  {s.lawCourt} · {s.activity} ·{' '}
                  <Link to={caseLink(s.caseId, s.caseRef)}>{s.caseId}</Link>
                  {s.assignedByName ? ` (${FIRM_DAY_TEXT.assignedBy(s.assignedByName)})` : ''}
                </Text>
              ))}
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}
