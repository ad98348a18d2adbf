import { create } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  BillingService,
  GetSubscriptionStatusResponseSchema,
  type GetSubscriptionStatusResponse,
} from '@gen/kesi/v1/billing_pb';
import { useTransport } from './connect';
import { callKey } from './keys';

export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  /** End of the paid period, or null when the user never paid. */
  expiry: Date | null;
}

/** SPEC.md section 8: a failed subscription check counts as no active subscription. */
export const NO_SUBSCRIPTION: SubscriptionStatus = { hasActiveSubscription: false, expiry: null };

const statusOf = (res: GetSubscriptionStatusResponse): SubscriptionStatus => ({
  hasActiveSubscription: res.hasActiveSubscription,
  expiry: res.expiry ? timestampDate(res.expiry) : null,
});

/** The subscription check's cache key (payments write their answer under it). */
export function subscriptionStatusKey(transport: Transport) {
  return callKey(BillingService.method.getSubscriptionStatus, {}, transport);
}

/** Checked once after sign-in (no refetch); payments write the new status. */
export function subscriptionStatusQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: subscriptionStatusKey(transport),
    queryFn: async ({ signal }) => {
      try {
        return await callUnaryMethod(transport, BillingService.method.getSubscriptionStatus, {}, { signal });
      } catch {
        return create(GetSubscriptionStatusResponseSchema, {});
      }
    },
    select: statusOf,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSubscriptionStatus(enabled = true) {
  const transport = useTransport();
  return useQuery({ ...subscriptionStatusQueryOptions(transport), enabled });
}

export type SubscriptionDisplay = 'No Active Subscription' | 'Expired' | 'Expiring Soon' | 'Active';

/** SPEC.md section 4: remaining days are the ceiling of days until expiry, floored at 0. */
export function daysRemaining(expiry: Date | null, now: Date = new Date()): number | null {
  if (!expiry) return null;
  return Math.max(0, Math.ceil((expiry.getTime() - now.getTime()) / 86_400_000));
}

/** SPEC.md section 4's subscription display states; 'Expiring Soon' within 7 days. */
export function subscriptionDisplay(status: SubscriptionStatus, now: Date = new Date()): SubscriptionDisplay {
  if (!status.hasActiveSubscription) return 'No Active Subscription';
  const days = daysRemaining(status.expiry, now);
  if (days === null || days <= 0) return 'Expired';
  if (days <= 7) return 'Expiring Soon';
  return 'Active';
}
