import { Alert, Button, Card, FileButton, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/api/errors';
import { useSessionUser } from '@/app/session/SessionProvider';
import { ErrorPanel } from '@/components/ErrorPanel';
import { PageHeading } from '@/components/PageHeading';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { todayIsoDate } from '@/lib/dates';
import { addDays, groupByDay, kenyanDay, summary } from './format';
import { MatchCard } from './MatchCard';
import { useCauseListMatches, useUploadCauseList } from './queries';

export const TEXT = {
  title: 'Cause lists',
  subtitle: 'Your matters on the published cause lists: time, court room, officer and virtual link.',
  upload: 'Upload a list',
  uploadHint: 'A cause list you received (.pdf, .docx or .txt) is checked against your diary at once.',
  uploaded: (court: string, what: string) => `${court}: ${what}.`,
  empty: 'None of your matters is on the lists for these days.',
  error: 'Failed to load cause lists',
  week: 'Next 7 days',
  fortnight: 'Next 14 days',
  past: 'Last 7 days',
};

const RANGES = { past: [-7, 0], week: [0, 6], fortnight: [0, 13] } as const;
type Range = keyof typeof RANGES;

export function CauseListsPage() {
  useRefetchOnTokenRefresh();
  const user = useSessionUser();
  const today = todayIsoDate();
  const [range, setRange] = useState<Range>('week');
  const [from, to] = RANGES[range];
  const matches = useCauseListMatches(addDays(today, from), addDays(today, to));
  const upload = useUploadCauseList();
  const canUpload = user?.role !== 'demo';

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <PageHeading title={TEXT.title} subtitle={TEXT.subtitle} />
        {canUpload && (
          <FileButton
            accept=".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
            onChange={(file) => {
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (res) =>
                  notifications.show({
                    color: 'green',
                    message: TEXT.uploaded(res.list?.court ?? file.name, summary(res.matches)),
                  }),
                onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
              });
            }}
          >
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
                {TEXT.upload}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {canUpload && (
        <Text size="sm" c="dimmed">
          {TEXT.uploadHint}
        </Text>
      )}
      <SegmentedControl
        value={range}
        onChange={(v) => {
          setRange(v);
        }}
        data={[
          { value: 'past', label: TEXT.past },
          { value: 'week', label: TEXT.week },
          { value: 'fortnight', label: TEXT.fortnight },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {matches.isError ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void matches.refetch()} />
      ) : matches.isPending ? (
        <Stack>
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      ) : matches.data.length === 0 ? (
        <Alert variant="light" color="gray">
          {TEXT.empty}
        </Alert>
      ) : (
        groupByDay(matches.data).map((g) => (
          <Card key={g.day} withBorder padding="sm" bg="var(--mantine-color-gray-light)">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {kenyanDay(g.day)}
                </Title>
                <Text size="sm" c="dimmed">
                  {summary(g.matches)}
                </Text>
              </Group>
              {g.matches.map((m) => (
                <MatchCard key={m.id} match={m} />
              ))}
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
