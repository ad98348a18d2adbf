import './report.css';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { useOpenPlanModal } from '@/hooks/planModal';
import { CaseCard } from '@/components/cases/CaseCard';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { caseLink } from '@/lib/caseLinks';
import { formatDate, formatLongDate, todayIsoDate } from '@/lib/dates';
import { groupByDate } from '../group';
import { isSubscriptionRequired, useReportCases } from '../queries';

export const TEXT = {
  title: 'Cases Report',
  subtitle: (start: string, end: string) => `Upcoming cases from ${start} to ${end}`,
  print: 'Print Report',
  count: (n: number) => `${n} case(s)`,
  total: (n: number) => `Total cases: ${n}`,
  empty: (start: string, end: string) => `No cases are scheduled between ${start} and ${end}`,
  error: 'Failed to fetch cases report',
  requiredTitle: 'Subscription Required',
  requiredBody: 'The cases report lists your cases from today until your subscription ends. Subscribe to print it.',
  upgrade: 'Upgrade Subscription',
  brand: 'Kesi — Court Case Diary',
  generated: (date: string) => `Generated on ${date}`,
  footer: 'Kesi · support@kesi.app · +254 700 000 000 · kesi.app',
};

/** Big groups start on a new printed page so a day's list is not split across pages. */
const LONG_GROUP = 6;

export function CasesReportPage() {
  useRefetchOnTokenRefresh();
  const report = useReportCases();
  const openPlans = useOpenPlanModal();
  const navigate = useNavigate();
  const open = (c: Case) => {
    void navigate(caseLink(c.caseId), { state: { case: c } });
  };

  if (report.isError && isSubscriptionRequired(report.error)) {
    return (
      <Card withBorder maw={520} mx="auto" mt="xl" ta="center">
        <Stack align="center">
          <Title order={1} size="h3">
            {TEXT.requiredTitle}
          </Title>
          <Text c="dimmed">{TEXT.requiredBody}</Text>
          <Button onClick={openPlans}>{TEXT.upgrade}</Button>
        </Stack>
      </Card>
    );
  }

  const start = report.data ? formatDate(report.data.start) : '';
  const end = report.data ? formatDate(report.data.end) : '';
  const groups = report.data ? groupByDate(report.data.cases) : [];
  return (
    <Stack className="kesi-report">
      <div className="print-only" data-testid="print-header">
        <Text fw={800} fz={22}>
          {TEXT.brand}
        </Text>
        <Text size="sm">{TEXT.generated(formatLongDate(todayIsoDate()))}</Text>
        <hr />
      </div>
      <Group justify="space-between" align="flex-end">
        <PageHeading title={TEXT.title} subtitle={report.data ? TEXT.subtitle(start, end) : '\u00a0'} />
        <Button className="no-print" onClick={() => {
            window.print();
          }} disabled={!report.isSuccess}>
          {TEXT.print}
        </Button>
      </Group>
      {report.isPending ? (
        Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={120} radius="md" />)
      ) : report.isError ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void report.refetch()} />
      ) : groups.length === 0 ? (
        <Card withBorder>
          <Text ta="center" c="dimmed" py="lg">
            {TEXT.empty(start, end)}
          </Text>
        </Card>
      ) : (
        <>
          <Text className="print-only" fw={700} data-testid="print-total">
            {TEXT.total(report.data.cases.length)}
          </Text>
          {groups.map((g) => (
            <section key={g.date} className={`report-group${g.cases.length >= LONG_GROUP ? ' long' : ''}`} aria-label={formatLongDate(g.date)}>
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  {formatLongDate(g.date)}
                </Title>
                <Text size="sm" c="dimmed">
                  {TEXT.count(g.cases.length)}
                </Text>
              </Group>
              <Stack gap="xs">
                {g.cases.map((c, i) => (
                  <CaseCard
                    key={`${c.id}-${i}`}
                    className="report-card"
                    data-testid="report-card"
                    c={c}
                    details={[[c.caseType, c.time, c.lawCourt].filter(Boolean).join(' · ')]}
                    onOpen={() => {
                      open(c);
                    }}
                  />
                ))}
              </Stack>
            </section>
          ))}
        </>
      )}
      <div className="print-only" data-testid="print-footer">
        <hr />
        <Text size="xs">{TEXT.footer}</Text>
      </div>
    </Stack>
  );
}
