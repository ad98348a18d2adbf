import type { Transport } from '@connectrpc/connect';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingClient, useTransport } from '@/api/connect';

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

export function plansQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: planKeys.list(),
    queryFn: async ({ signal }) => (await billingClient(transport).listPlans({}, { signal })).plans,
  });
}

/** The subscription plans on sale. */
export function usePlans() {
  const transport = useTransport();
  return useQuery(plansQueryOptions(transport));
}
