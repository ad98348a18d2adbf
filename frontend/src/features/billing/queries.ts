import type { Transport } from '@connectrpc/connect';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { PaymentStatus } from '@gen/kesi/v1/billing_pb';
import { billingClient, useTransport } from '@/api/connect';
import { subscriptionKeys, type SubscriptionStatus } from '@/api/subscription';

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  verification: (reference: string) => [...billingKeys.all, 'verify', reference] as const,
};

export function plansQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: async ({ signal }) => (await billingClient(transport).listPlans({}, { signal })).plans,
  });
}

/** The plans on sale; loaded when the plan modal opens. */
export function usePlans(enabled: boolean) {
  const transport = useTransport();
  return useQuery({ ...plansQueryOptions(transport), enabled });
}

/** SPEC.md section 5: a payment answer without an authorizationUrl counts as a failure. */
export function useInitializePayment() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (planId: string) => {
      const res = await billingClient(transport).initializePayment({ planId });
      if (!res.authorizationUrl) throw new Error('no authorization url');
      return res.authorizationUrl;
    },
  });
}

export interface Verification {
  success: boolean;
  message: string;
  expiry: Date | null;
}

/** Verifies a payment once per reference; on success the subscription becomes active and is re-checked. */
export function useVerifyPayment(reference: string | null) {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: billingKeys.verification(reference ?? ''),
    enabled: reference !== null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<Verification> => {
      const res = await billingClient(transport).verifyPayment({ reference: reference ?? '' });
      const success = res.success || res.status === PaymentStatus.SUCCESS;
      const expiry = res.expiry ? timestampDate(res.expiry) : null;
      if (success) {
        queryClient.setQueryData<SubscriptionStatus>(subscriptionKeys.status(), { hasActiveSubscription: true, expiry });
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      }
      return { success, message: res.message, expiry };
    },
  });
}
