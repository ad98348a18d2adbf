import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AffiliateService, ReferralSchema } from '@gen/kesi/v1/affiliate_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { renderWithProviders } from '@/test/render';
import { sessionStore, sessionUser } from '@/test/session';
import { AffiliateDashboardPage } from './AffiliateDashboardPage';

describe('AffiliateDashboardPage', () => {
  it('says why a referral earns nothing, beside the one that does', async () => {
    const joined = timestampFromDate(new Date('2026-10-05T07:00:00Z'));
    const transport = createRouterTransport((router) => {
      router.service(AffiliateService, {
        getAffiliateStats: () => ({ referralCount: 2, activeReferralCount: 2 }),
        listReferrals: () => ({
          referrals: [
            create(ReferralSchema, { id: 'r1', status: 'active', createdAt: joined, referred: { fullname: 'Achieng Otieno', email: 'achieng@example.co.ke' } }),
            create(ReferralSchema, {
              id: 'r2',
              status: 'active',
              createdAt: joined,
              referred: { fullname: 'Second Phone', email: 'second@example.co.ke' },
              notEligibleReason: 'Not eligible: this account has your phone number.',
            }),
          ],
        }),
      });
    });
    const store = sessionStore(sessionUser({ role: 'affiliate', affiliate_code: 'AFF1' }));
    renderWithProviders(
      <SessionProvider store={store}>
        <AffiliateDashboardPage />
      </SessionProvider>,
      { transport, path: '/affiliate-dashboard' },
    );
    expect(await screen.findByText('Second Phone')).toBeDefined();
    expect(screen.getAllByText('Not eligible: this account has your phone number.')).toHaveLength(1);
    expect(screen.getByText('Achieng Otieno')).toBeDefined();
  });
});
