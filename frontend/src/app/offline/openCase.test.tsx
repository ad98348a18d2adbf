import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaseSchema, CaseService, ListCasesResponseSchema } from '@gen/kesi/v1/case_pb';
import { TransportProvider } from '@/api/connect';
import { setCallData } from '@/api/keys';
import { useCase } from '@/features/cases/queries';
import { createQueryClient } from '../queryClient';

const listed = create(CaseSchema, { id: 'c1', caseId: 'HCCC E12 of 2026', parties: 'Achieng v Mwangi', notes: 'from the list' });
const fresh = create(CaseSchema, { id: 'c1', caseId: 'HCCC E12 of 2026', parties: 'Achieng v Mwangi', notes: 'from the server' });

/** The app's query client and a server; with `signal` false, every call fails as fetch does with none. */
function setup(signal = true) {
  const calls: string[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(CaseService, {
      getCaseByCaseId: (req) => {
        calls.push(req.caseId);
        if (!signal) throw new TypeError('Failed to fetch');
        return { case: fresh };
      },
    });
  });
  const client = createQueryClient();
  // The diary kept on the device: the list of all cases, as the prefetch leaves it.
  setCallData(client, CaseService.method.listCases, {}, create(ListCasesResponseSchema, { cases: [listed] }), transport);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <TransportProvider transport={transport}>{children}</TransportProvider>
    </QueryClientProvider>
  );
  return { calls, wrapper };
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('one case', () => {
  it('opens without signal from its row in the list of all cases, and keeps it when the call fails', async () => {
    onlineManager.setOnline(false);
    const { wrapper } = setup(false);
    const { result } = renderHook(() => useCase('HCCC E12 of 2026'), { wrapper });
    expect(result.current.data?.notes).toBe('from the list');
    await waitFor(() => {
      expect(result.current.fetchStatus).toBe('idle');
    });
    expect(result.current.data?.notes).toBe('from the list');
  });

  it('asks the server for a case in no list', async () => {
    const { calls, wrapper } = setup();
    const { result } = renderHook(() => useCase('HCCC E99 of 2026'), { wrapper });
    await waitFor(() => {
      expect(result.current.data?.notes).toBe('from the server');
    });
    expect(calls).toEqual(['HCCC E99 of 2026']);
  });
});
