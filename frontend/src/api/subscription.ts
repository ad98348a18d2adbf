import type { Transport } from '@connectrpc/connect';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { billingClient, useTransport } from './connect';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
};

export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  /** End of the paid period, or null when the user never paid. */
  expiry: Date | null;
}

/** SPEC.md section 8: a failed subscription check counts as no active subscription. */
export const NO_SUBSCRIPTION: SubscriptionStatus = { hasActiveSubscription: false, expiry: null };

/** Checked once after sign-in (no refetch); payments invalidate it. */
export function subscriptionStatusQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: async ({ signal }): Promise<SubscriptionStatus> => {
      try {
        const res = await billingClient(transport).getSubscriptionStatus({}, { signal });
        return { hasActiveSubscription: res.hasActiveSubscription, expiry: res.expiry ? timestampDate(res.expiry) : null };
      } catch {
        return NO_SUBSCRIPTION;
      }
    },
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
