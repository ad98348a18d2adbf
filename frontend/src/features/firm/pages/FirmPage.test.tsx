import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirmService } from '@gen/kesi/v1/firm_pb';
import { renderWithProviders } from '@/test/render';
import { FIRM_TEXT, FirmPage } from './FirmPage';

// The administrator withdraws an invitation that was accepted meanwhile.
const used = 'This invitation has already been used.';
const transport = createRouterTransport((router) => {
  router.service(FirmService, {
    getFirm: () => ({ firm: { id: 'f1', name: 'Odhiambo & Co. Advocates', adminUserId: 'u1', callerIsAdmin: true } }),
    listMembers: () => ({ members: [{ userId: 'u1', fullname: 'Achieng Odhiambo', email: 'achieng@odhiambo-advocates.co.ke', admin: true }] }),
    listInvitations: () => ({
      invitations: [{ id: 'i1', email: 'kamau@odhiambo-advocates.co.ke', invitedBy: 'Achieng Odhiambo', createdAt: { seconds: 1n }, expiresAt: { seconds: 2n } }],
    }),
    listClashes: () => ({ clashes: [] }),
    listFirmSittings: () => ({ sittings: [] }),
    revokeInvitation: () => {
      throw new ConnectError(used, Code.FailedPrecondition);
    },
  });
});

describe('FirmPage', () => {
  it('says why an invitation could not be withdrawn', async () => {
    renderWithProviders(<FirmPage />, { transport, path: '/firm' });
    fireEvent.click(await screen.findByRole('button', { name: `${FIRM_TEXT.withdraw} kamau@odhiambo-advocates.co.ke` }));
    expect(await screen.findByText(used)).toBeDefined();
  });
});
