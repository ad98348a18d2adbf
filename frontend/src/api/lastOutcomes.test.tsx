import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { useLastOutcomes } from './cases';
import { TransportProvider } from './connect';

describe("the last outcomes of a day's sittings", () => {
  it('are the newest outcome, empty when none was recorded, and null when the call failed', async () => {
    const transport = createRouterTransport(({ service }) => {
      service(CaseService, {
        listCaseActivities: (req) => {
          if (req.caseId === 'E3 of 2026') throw new ConnectError('down', Code.Unavailable);
          if (req.caseId === 'E2 of 2026') return { activities: [{ outcome: '  ' }] };
          return { activities: [{ outcome: '' }, { outcome: 'Adjourned to 3 December' }, { outcome: 'Mention' }] };
        },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <TransportProvider transport={transport}>{children}</TransportProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useLastOutcomes(['E1 of 2026', 'E2 of 2026', 'E3 of 2026']), { wrapper });
    // Still loading: unknown, so the card keeps the line's room.
    expect(result.current).toEqual({ 'E1 of 2026': undefined, 'E2 of 2026': undefined, 'E3 of 2026': undefined });
    await waitFor(() => {
      expect(result.current).toEqual({ 'E1 of 2026': 'Adjourned to 3 December', 'E2 of 2026': '', 'E3 of 2026': null });
    });
  });
});
