import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  BillingService,
  GetSubscriptionStatusResponseSchema,
  PaymentStatus,
  type ListPlansResponse,
  type VerifyPaymentResponse,
} from '@gen/kesi/v1/billing_pb';
import { useEffect } from 'react';
import { useTransport } from '@/api/connect';
import { subscriptionStatusKey } from '@/api/subscription';

const m = BillingService.method;
const plansOf = (r: ListPlansResponse) => r.plans;

/** The plans on sale; loaded when the plan modal opens. */
export function usePlans(enabled: boolean) {
  return useQuery(m.listPlans, {}, { select: plansOf, enabled });
}

/** SPEC.md section 5: a payment answer without an authorizationUrl counts as a failure. */
export function useInitializePayment() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (planId: string) => {
      const res = await callUnaryMethod(transport, m.initializePayment, { planId });
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

const verificationOf = (res: VerifyPaymentResponse): Verification => ({
  success: res.success || res.status === PaymentStatus.SUCCESS,
  message: res.message,
  expiry: res.expiry ? timestampDate(res.expiry) : null,
});

/** Verifies a payment once per reference; on success the answer becomes the subscription's status. */
export function useVerifyPayment(reference: string | null) {
  const transport = useTransport();
  const queryClient = useQueryClient();
  const query = useQuery(m.verifyPayment, reference === null ? skipToken : { reference }, {
    select: verificationOf,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const paid = query.data?.success === true;
  const expiry = query.data?.expiry ?? null;
  useEffect(() => {
    if (!paid) return;
    queryClient.setQueryData(
      subscriptionStatusKey(transport),
      create(GetSubscriptionStatusResponseSchema, {
        hasActiveSubscription: true,
        expiry: expiry ? timestampFromDate(expiry) : undefined,
      }),
    );
  }, [paid, expiry, queryClient, transport]);
  return query;
}
