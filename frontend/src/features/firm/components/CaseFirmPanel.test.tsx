import { createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirmService } from '@gen/kesi/v1/firm_pb';
import { renderWithProviders } from '@/test/render';
import { CASE_FIRM_TEXT, CaseFirmPanel } from './CaseFirmPanel';

// A colleague's new matter, shared before any date is set: no sitting yet.
const transport = createRouterTransport((router) => {
  router.service(FirmService, {
    getFirm: () => ({ firm: { id: 'f1', name: 'Odhiambo & Co. Advocates', adminUserId: 'u1', callerIsAdmin: false } }),
    listMembers: () => ({
      members: [
        { userId: 'u1', fullname: 'Achieng Odhiambo', email: 'achieng@odhiambo-advocates.co.ke', admin: true },
        { userId: 'u2', fullname: 'Kamau Njoroge', email: 'kamau@odhiambo-advocates.co.ke', admin: false },
      ],
    }),
    listCaseSittings: () => ({ shared: true, callerIsOwner: false, sittings: [], ownerUserId: 'u1', ownerName: 'Achieng Odhiambo' }),
  });
});

describe('CaseFirmPanel', () => {
  it('names the colleague who shared a case that has no sitting yet', async () => {
    renderWithProviders(<CaseFirmPanel caseRef="c1" />, { transport, path: '/cases/c1' });
    expect(await screen.findByText(CASE_FIRM_TEXT.sharedByColleague('Achieng Odhiambo'))).toBeDefined();
    expect(screen.getByText(CASE_FIRM_TEXT.noSittings)).toBeDefined();
  });
});
