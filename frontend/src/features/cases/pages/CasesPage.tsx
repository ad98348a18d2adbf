import { Button, Card, Group, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Case } from '@gen/kesi/v1/case_pb';
import { ErrorPanel } from '@/components/ErrorPanel';
import { PullToRefresh } from '@/components/PullToRefresh';
import { SwipeToDelete } from '@/components/SwipeToDelete';
import { useIsMobile } from '@/hooks/useListFreshness';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { formatDate } from '@/lib/dates';
import { linkToCase } from '@/lib/caseLinks';
import { CaseCard } from '@/components/cases/CaseCard';
import { CaseTable } from '@/components/CaseTable';
import { DeleteCaseDialog } from '../components/DeleteCaseDialog';
import { NewCaseDialog } from '@/components/cases/NewCaseDialog';
import { CASE_TABS, filterCases, type CaseTab } from '../filter';
import { useCases } from '../queries';

const TEXT = {
  title: 'Case Management',
  subtitle: 'Track and manage all your court cases',
  newCase: 'New Case',
  search: 'Search by parties, case ID or court...',
  searchLabel: 'Search cases',
  error: 'Failed to load cases',
  errorDetail: 'Failed to fetch cases. Please try again.',
  retry: 'Try Again',
  empty: 'No cases found',
  count: (n: number) => `${n} case(s)`,
  filingDate: 'Filing Date',
};

export function CasesPage() {
  useRefetchOnTokenRefresh();
  const mobile = useIsMobile();
  const cases = useCases();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<CaseTab>('All Cases');
  const [newOpen, setNewOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Case | null>(null);
  const shown = useMemo(() => filterCases(cases.data ?? [], query, tab), [cases.data, query, tab]);
  const open = (c: Case) => {
    void navigate(linkToCase(c), { state: { case: c } });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <PageHeading title={TEXT.title} subtitle={TEXT.subtitle} />
        <Button
          onClick={() => {
            setNewOpen(true);
          }}
        >
          {TEXT.newCase}
        </Button>
      </Group>
      <TextInput
        placeholder={TEXT.search}
        aria-label={TEXT.searchLabel}
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
        }}
      />
      <Tabs
        value={tab}
        onChange={(v) => {
          if (v) setTab(v as CaseTab);
        }}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {CASE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t} style={{ whiteSpace: 'nowrap' }}>
              {t}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {cases.isError ? (
        <ErrorPanel title={TEXT.error} message={TEXT.errorDetail} onRetry={() => void cases.refetch()} />
      ) : mobile ? (
        <PullToRefresh onRefresh={() => cases.refetch()}>
          <Stack gap="sm">
            {cases.isPending ? (
              Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={104} radius="md" data-testid="skeleton-card" />)
            ) : shown.length === 0 ? (
              <Text ta="center" c="dimmed" py="xl">
                {TEXT.empty}
              </Text>
            ) : (
              shown.map((c) => (
                <SwipeToDelete
                  key={c.id}
                  onDelete={() => {
                    setToDelete(c);
                  }}
                >
                  <CaseCard
                    c={c}
                    showNext
                    details={[c.lawCourt || 'N/A', `Filed ${formatDate(c.filingDate)}`]}
                    onOpen={() => {
                      open(c);
                    }}
                    onDelete={() => {
                      setToDelete(c);
                    }}
                  />
                </SwipeToDelete>
              ))
            )}
          </Stack>
        </PullToRefresh>
      ) : (
        <Card withBorder padding={0}>
          <CaseTable
            cases={shown}
            loading={cases.isPending}
            emptyMessage={TEXT.empty}
            date={{ label: TEXT.filingDate, of: (c) => c.filingDate, beforeStatus: true }}
            minWidth={720}
            onOpen={open}
            onDelete={setToDelete}
          />
        </Card>
      )}
      {!cases.isPending && !cases.isError && (
        <Text size="sm" c="dimmed">
          {TEXT.count(shown.length)}
        </Text>
      )}
      <NewCaseDialog
        opened={newOpen}
        onClose={() => {
          setNewOpen(false);
        }}
      />
      <DeleteCaseDialog
        target={toDelete}
        onClose={() => {
          setToDelete(null);
        }}
      />
    </Stack>
  );
}
