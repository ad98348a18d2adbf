import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CaseSchema, CaseService } from '@gen/kesi/v1/case_pb';
import { TransportProvider } from '@/api/connect';
import { useCaseChoices, useDayCases } from '@/features/calendar/queries';
import { useCases } from '@/features/cases/queries';
import { useTodayCases, useTotalCases } from '@/features/dashboard/queries';
import { fromIsoDate } from '@/lib/dates';
import { theme } from './theme';

describe('one cache entry per call and input', () => {
  it("the dashboard's today and the calendar's day, and the three readers of all cases, each send one request", async () => {
    const calls: string[] = [];
    const kase = create(CaseSchema, { id: 'c1', caseId: 'E1 of 2026', activityDate: fromIsoDate('2026-11-23') });
    const transport = createRouterTransport(({ service }) => {
      service(CaseService, {
        listScheduledCases: () => (calls.push('ListScheduledCases'), { cases: [kase] }),
        listCases: () => (calls.push('ListCases'), { cases: [kase] }),
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <TransportProvider transport={transport}>{children}</TransportProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
    const { result } = renderHook(
      () => ({
        today: useTodayCases('2026-11-23'),
        day: useDayCases('2026-11-23'),
        cases: useCases(),
        total: useTotalCases(),
        choices: useCaseChoices(true),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.today.data).toHaveLength(1);
      expect(result.current.total.data).toBe(1);
      expect(result.current.choices.data).toHaveLength(1);
    });
    expect(result.current.day.data).toEqual(result.current.today.data);
    expect(result.current.cases.data?.[0]?.caseId).toBe('E1 of 2026');
    expect(calls.sort()).toEqual(['ListCases', 'ListScheduledCases']);
    expect(client.getQueryCache().getAll()).toHaveLength(2);
  });
});
