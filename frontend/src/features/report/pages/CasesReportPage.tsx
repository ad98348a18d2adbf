import './report.css';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { useSessionUser } from '@/app/session/SessionProvider';
import { useOpenPlanModal } from '@/hooks/planModal';
import { CaseCard } from '@/components/cases/CaseCard';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { linkToCase } from '@/lib/caseLinks';
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
  printedFor: (name: string, start: string, end: string) => `Cases Report · ${name ? `${name} · ` : ''}Cases from ${start} to ${end}`,
  columns: ['Date', 'Time', 'Case ID', 'Parties', 'Court', 'Activity', 'Status'],
};

/** Big groups start on a new printed page so a day's list is not split across pages. */
const LONG_GROUP = 6;

export function CasesReportPage() {
  useRefetchOnTokenRefresh();
  const report = useReportCases();
  const advocate = useSessionUser()?.fullname ?? '';
  const openPlans = useOpenPlanModal();
  const navigate = useNavigate();
  const open = (c: Case) => {
    void navigate(linkToCase(c), { state: { case: c } });
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
        <Text fw={800} fz={16}>
          {TEXT.brand}
        </Text>
        <Text size="sm">{TEXT.generated(formatLongDate(todayIsoDate()))}</Text>
        <hr />
      </div>
      <Group justify="space-between" align="flex-end" className="no-print">
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
          <PrintTable cases={report.data.cases} heading={TEXT.printedFor(advocate, start, end)} />
          {groups.map((g) => (
            <section key={g.date} className={`report-group no-print${g.cases.length >= LONG_GROUP ? ' long' : ''}`} aria-label={formatLongDate(g.date)}>
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

/**
 * The printed report: one compact table, about 25 matters a page. Its head (the advocate, the
 * date range and the column names) repeats at the top of every page; the page numbers are in
 * the page's margin (report.css). The screen shows the cards instead.
 */
/** Date, Time, Case ID, Parties, Court, Activity, Status: a case number on one line. */
const COLUMN_WIDTHS = ['13%', '6%', '17%', '22%', '19%', '11%', '12%'];

function PrintTable({ cases, heading }: { cases: readonly Case[]; heading: string }) {
  return (
    <table className="print-only report-table" data-testid="print-table">
      <colgroup>
        {COLUMN_WIDTHS.map((w, i) => (
          <col key={i} style={{ width: w }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th colSpan={TEXT.columns.length} className="report-table-heading">
            {heading}
          </th>
        </tr>
        <tr>
          {TEXT.columns.map((col) => (
            <th key={col} scope="col">
              {col}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cases.map((c, i) => (
          <tr key={`${c.id}-${i}`}>
            <td className="nowrap">{c.activityDate ? formatDate(c.activityDate) : ''}</td>
            <td className="nowrap">{c.time}</td>
            <td className="case-id">{c.caseId}</td>
            <td>{c.parties}</td>
            <td>{c.lawCourt}</td>
            <td>{c.activity}</td>
            {/* Registration/Filing may break after its slash, never inside a word. */}
            <td>{c.status.replace('/', '/\u200b')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
