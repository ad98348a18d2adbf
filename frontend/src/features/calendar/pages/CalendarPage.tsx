import '@mantine/dates/styles.css';
import './calendar.css';
import { Button, Card, Grid, Group, Indicator, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { CaseCard } from '@/components/cases/CaseCard';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { linkToCase } from '@/lib/caseLinks';
import { holiday, holidayNote } from '@/lib/courtdays';
import { formatDate, formatLongDate, todayIsoDate } from '@/lib/dates';
import { ScheduleHearingDialog } from '../components/ScheduleHearingDialog';
import { useDayCases, useHearingDays } from '../queries';
import { useWeekSittings } from '../week';

const TEXT = {
  title: 'Court Calendar',
  subtitle: 'Your hearings and mentions, day by day',
  schedule: 'Schedule Hearing',
  count: (n: number) => `${n} hearing(s) scheduled`,
  emptyTitle: 'No Hearings Scheduled',
  emptyBody: 'There are no hearings scheduled for this date.',
  loaded: (date: string) => `Loaded cases for ${date}`,
  error: 'Failed to load hearings',
  weekTitle: (start: string, end: string) => `Week of ${start} to ${end}`,
  noSittings: 'No sittings',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** First and last day ('YYYY-MM-DD') of the month a date falls in. */
export function monthRange(date: string): { start: string; end: string } {
  const [y = 1970, m = 1] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(last)}` };
}

export function CalendarPage() {
  useRefetchOnTokenRefresh();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(todayIsoDate);
  const [month, setMonth] = useState(() => monthRange(todayIsoDate()).start);
  const [view, setView] = useState('day');
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const range = monthRange(month);
  const days = useHearingDays(range.start, range.end);
  const day = useDayCases(selected);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    // SPEC.md: choosing a date says so once its cases are in (not on first paint).
    if (day.isSuccess && announced.current !== null && announced.current !== selected) {
      announced.current = selected;
      notifications.show({ message: TEXT.loaded(formatDate(selected)) });
    }
  }, [day.isSuccess, selected]);

  const choose = (date: string) => {
    announced.current ??= todayIsoDate();
    setSelected(date);
  };
  const open = (c: Case) => {
    void navigate(linkToCase(c), { state: { case: c } });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <PageHeading title={TEXT.title} subtitle={TEXT.subtitle} />
        <Group>
          <SegmentedControl
            aria-label="Calendar view"
            value={view}
            onChange={setView}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
          />
          <Button
            onClick={() => {
              setScheduleOpen(true);
            }}
          >
            {TEXT.schedule}
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Calendar
              date={month}
              onDateChange={setMonth}
              maxLevel="year"
              size="md"
              // Days of the neighbouring months would be dimmed below AA contrast; the month stands alone.
              hideOutsideDates
              classNames={{ day: 'kesi-calendar-day' }}
              previousLabel="Previous month"
              nextLabel="Next month"
              getDayProps={(date) => ({
                selected: date === selected,
                onClick: () => {
                  choose(date);
                },
                'aria-label': [formatLongDate(date), holiday(date), days.data?.has(date) ? 'has hearings' : null].filter(Boolean).join(', '),
              })}
              renderDay={(date) => (
                <Indicator size={6} color="blue.8" offset={-3} disabled={!days.data?.has(date)} data-hearing={days.data?.has(date) ? '' : undefined}>
                  <div>{Number(date.slice(8))}</div>
                </Indicator>
              )}
              styles={{ calendarHeader: { maxWidth: 'none' }, month: { width: '100%' } }}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {view === 'week' ? (
            <WeekView date={selected} onOpen={open} />
          ) : (
          <Stack gap="sm">
            <div>
              <Title order={2} size="h4">
                {formatLongDate(selected)}
              </Title>
              <Text size="sm" c="dimmed" data-testid="day-count">
                {day.isSuccess ? TEXT.count(day.data.length) : '\u00a0'}
              </Text>
              <HolidayNote date={selected} sittings={day.data?.length ?? 0} />
            </div>
            {day.isPending ? (
              Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={110} radius="md" data-testid="skeleton-card" />)
            ) : day.isError ? (
              <ErrorPanel title={TEXT.error} onRetry={() => void day.refetch()} />
            ) : day.data.length === 0 ? (
              <Card withBorder>
                <Stack align="center" gap={4} py="lg" ta="center">
                  <Text fw={600}>{TEXT.emptyTitle}</Text>
                  <Text size="sm" c="dimmed">
                    {TEXT.emptyBody}
                  </Text>
                </Stack>
              </Card>
            ) : (
              day.data.map((c) => (
                <CaseCard
                  key={`${c.id}-${c.time}`}
                  data-testid="hearing-card"
                  c={c}
                  details={[[c.time, c.activity || c.caseType, c.lawCourt].filter(Boolean).join(' · '), c.notes]}
                  onOpen={() => {
                    open(c);
                  }}
                />
              ))
            )}
          </Stack>
          )}
        </Grid.Col>
      </Grid>
      <ScheduleHearingDialog
        opened={scheduleOpen}
        date={selected}
        onClose={() => {
          setScheduleOpen(false);
        }}
      />
    </Stack>
  );
}

/** The Week toggle: the seven days of the chosen date's week, each with its sittings. */
function WeekView({ date, onOpen }: { date: string; onOpen: (c: Case) => void }) {
  const week = useWeekSittings(date);
  if (week.isPending) return <Skeleton height={240} radius="md" />;
  if (week.isError) return <ErrorPanel title={TEXT.error} onRetry={() => void week.refetch()} />;
  const first = week.data[0]?.date ?? date;
  const last = week.data[6]?.date ?? date;
  return (
    <Stack gap="sm" data-testid="week-view">
      <Title order={2} size="h4">
        {TEXT.weekTitle(formatDate(first), formatDate(last))}
      </Title>
      {week.data.map((d) => (
        <section key={d.date} aria-label={formatLongDate(d.date)} data-testid="week-day">
          <Group justify="space-between" mb={4}>
            <Text fw={700} size="sm">
              {formatLongDate(d.date)}
            </Text>
            <Text size="xs" c="dimmed">
              {d.cases.length > 0 ? TEXT.count(d.cases.length) : TEXT.noSittings}
            </Text>
          </Group>
          <HolidayNote date={d.date} sittings={d.cases.length} size="xs" />
          <Stack gap={6}>
            {d.cases.map((c, i) => (
              <CaseCard
                key={`${c.id}-${c.time}-${String(i)}`}
                data-testid="hearing-card"
                c={c}
                details={[[c.time, c.activity || c.caseType, c.lawCourt].filter(Boolean).join(' · '), c.notes]}
                onOpen={() => {
                  onOpen(c);
                }}
              />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/**
 * A public holiday's name under its day. Courts do not sit then, so a sitting on it is most likely
 * a date written down wrong: the line is then in red, for the advocate to check it.
 */
function HolidayNote({ date, sittings, size = 'sm' }: { date: string; sittings: number; size?: 'sm' | 'xs' }) {
  const note = holidayNote(date);
  if (!note) return null;
  return (
    <Text size={size} c={sittings > 0 ? 'red.9' : 'dimmed'} fw={sittings > 0 ? 600 : undefined} data-testid="holiday-note">
      {note}
    </Text>
  );
}
