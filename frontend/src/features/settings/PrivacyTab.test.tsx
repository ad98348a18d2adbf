import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountService } from '@gen/kesi/v1/account_pb';
import { BillingService } from '@gen/kesi/v1/billing_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { renderWithProviders } from '@/test/render';
import { sessionStore, sessionUser } from '@/test/session';
import { PRIVACY_TEXT, PrivacyTab } from './PrivacyTab';

const DAY = 86_400_000;

function paidFor(ms: number | null) {
  return createRouterTransport((router) => {
    router.service(AccountService, { getAccountDeletion: () => ({}) });
    router.service(BillingService, {
      getSubscriptionStatus: () =>
        ms === null ? { hasActiveSubscription: false } : { hasActiveSubscription: ms > 0, expiry: timestampFromDate(new Date(Date.now() + ms)) },
    });
  });
}

async function openConfirmation(ms: number | null) {
  const user = sessionUser();
  renderWithProviders(
    <SessionProvider store={sessionStore(user)}>
      <PrivacyTab />
    </SessionProvider>,
    { transport: paidFor(ms) },
  );
  await userEvent.click(await screen.findByRole('button', { name: PRIVACY_TEXT.deleteButton }));
  return screen.findByRole('dialog', { name: PRIVACY_TEXT.confirmTitle });
}

describe('PrivacyTab: deleting the account', () => {
  // Paid for 30 more days, erased in 7: the advocate is told, before confirming, that 23 are lost.
  it('says how many paid days are lost before the advocate confirms', async () => {
    const dialog = await openConfirmation(30 * DAY);
    expect(
      await screen.findByText(
        'Your subscription has 23 days of paid time left after the deletion. They are lost when the account is deleted.',
      ),
    ).toBeDefined();
    expect(dialog.textContent).toContain('23 days of paid time');
  });

  it('counts part of a day as a day, as Settings does', async () => {
    await openConfirmation(7 * DAY + 3_600_000);
    expect(await screen.findByText(/has 1 day of paid time left after the deletion\./)).toBeDefined();
  });

  it('says nothing of lost time when the subscription ends before the deletion', async () => {
    const dialog = await openConfirmation(5 * DAY);
    // Let the subscription answer arrive and render.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialog.textContent).not.toContain('paid time');
    expect(screen.queryByTestId('lost-paid-time')).toBeNull();
  });
});
