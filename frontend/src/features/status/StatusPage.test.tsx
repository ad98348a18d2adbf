import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingService, PlanSchema } from '@gen/kesi/v1/billing_pb';
import { MoneySchema } from '@gen/kesi/v1/types_pb';
import { renderWithProviders } from '@/test/render';
import { StatusPage } from './StatusPage';

describe('StatusPage', () => {
  it('lists the plans the server answers', async () => {
    const transport = createRouterTransport((router) => {
      router.service(BillingService, {
        listPlans: () => ({
          plans: [
            create(PlanSchema, {
              id: 'monthly',
              name: 'Monthly',
              price: create(MoneySchema, { currency: 'KES', amountMinor: 150000n }),
              durationDays: 30,
            }),
          ],
        }),
      });
    });
    renderWithProviders(<StatusPage />, { transport });

    expect(await screen.findByText('Monthly')).toBeDefined();
    expect(screen.getByText('KSh 1,500')).toBeDefined();
    expect(screen.getByText('30 days')).toBeDefined();
  });

  it('shows the error the server answers', async () => {
    const transport = createRouterTransport((router) => {
      router.service(BillingService, {
        listPlans: () => {
          throw new ConnectError('billing is down', Code.Unavailable);
        },
      });
    });
    renderWithProviders(<StatusPage />, { transport });

    expect(await screen.findByText('Failed to load subscription plans. Please try again.')).toBeDefined();
    expect(screen.getByText('billing is down')).toBeDefined();
  });
});
