import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingService } from '@gen/kesi/v1/billing_pb';
import { renderWithProviders } from '@/test/render';
import { PLAN_TEXT, PlanModal } from './PlanModal';

/** A server with one plan whose checkout fails as `fail` says. */
function server(fail: () => never) {
  return createRouterTransport((router) => {
    router.service(BillingService, {
      listPlans: () => ({
        plans: [{ id: 'monthly', name: 'Monthly', durationDays: 30, price: { currency: 'KES', amountMinor: 150000n } }],
      }),
      initializePayment: fail,
    });
  });
}

const nothing = () => undefined;

async function subscribe(fail: () => never) {
  renderWithProviders(
    <>
      <PlanModal opened onClose={nothing} dismissible={false} navigate={nothing} />
      <Notifications />
    </>,
    { transport: server(fail) },
  );
  fireEvent.click(await screen.findByRole('radio', { name: /Monthly/ }));
  fireEvent.click(screen.getByRole('button', { name: PLAN_TEXT.subscribe }));
}

describe('PlanModal', () => {
  afterEach(() => {
    act(() => {
      notifications.clean();
    });
  });

  // Ten payments started in an hour are refused: "try again" at once would fail again, so the
  // advocate is told, in the server's words, to wait.
  it("shows the server's reason when it refuses the checkout", async () => {
    const limited = 'Too many payment attempts. Please wait a few minutes and try again.';
    await subscribe(() => {
      throw new ConnectError(limited, Code.ResourceExhausted);
    });
    expect(await screen.findByText(limited)).toBeTruthy();
    expect(screen.queryByText(PLAN_TEXT.initFailed)).toBeNull();
  }, 30_000);

  it("shows SPEC.md's words when the checkout broke", async () => {
    await subscribe(() => {
      throw new ConnectError('internal error', Code.Internal);
    });
    expect(await screen.findByText(PLAN_TEXT.initFailed)).toBeTruthy();
  }, 30_000);
});
