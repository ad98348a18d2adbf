import { createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BillingService } from '@gen/kesi/v1/billing_pb';
import { PLAN_TEXT } from '@/features/billing/PlanModal';
import { renderWithProviders } from '@/test/render';
import { sessionUser } from '@/test/session';
import { SubscriptionGate } from './SubscriptionGate';

let statusAsked = 0;
const unpaid = createRouterTransport((router) => {
  router.service(BillingService, {
    getSubscriptionStatus: () => {
      statusAsked++;
      return { hasActiveSubscription: false };
    },
    listPlans: () => ({ plans: [] }),
  });
});

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

describe('SubscriptionGate', () => {
  it('blocks an unpaid lawyer but leaves the way to their data rights open', async () => {
    renderWithProviders(
      <SubscriptionGate user={sessionUser()}>
        <Where />
      </SubscriptionGate>,
      { transport: unpaid, path: '/dashboard' },
    );
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.title });
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: PLAN_TEXT.privacyLink }));
    expect(screen.getByText('at /settings?tab=privacy')).toBeDefined();
    await waitFor(() => {
      expect(dialog.isConnected).toBe(false);
    });
  });

  it('leaves the privacy page itself open to an unpaid lawyer', async () => {
    const before = statusAsked;
    renderWithProviders(
      <SubscriptionGate user={sessionUser()}>
        <Where />
      </SubscriptionGate>,
      { transport: unpaid, path: '/settings?tab=privacy' },
    );
    expect(await screen.findByText('at /settings?tab=privacy')).toBeDefined();
    await waitFor(() => {
      expect(statusAsked).toBeGreaterThan(before);
    });
    // The unpaid answer has been given; let it render, and still nothing blocks the page.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
