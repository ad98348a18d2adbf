import { useQuery } from '@tanstack/react-query';
import { affiliateClient, useTransport } from '@/api/connect';

export const affiliateKeys = {
  all: ['affiliate'] as const,
  stats: () => [...affiliateKeys.all, 'stats'] as const,
  referrals: () => [...affiliateKeys.all, 'referrals'] as const,
};

/** SPEC.md section 9: affiliate queries refetch every 30 s and are stale after 10 s. */
const timing = { refetchInterval: 30_000, staleTime: 10_000 };

export function useAffiliateStats() {
  const transport = useTransport();
  return useQuery({
    queryKey: affiliateKeys.stats(),
    queryFn: ({ signal }) => affiliateClient(transport).getAffiliateStats({}, { signal }),
    ...timing,
  });
}

export function useReferrals() {
  const transport = useTransport();
  return useQuery({
    queryKey: affiliateKeys.referrals(),
    queryFn: async ({ signal }) => (await affiliateClient(transport).listReferrals({}, { signal })).referrals,
    ...timing,
  });
}

/** Active referrals over all referrals, as a whole percentage; 0 with no referrals. */
export function conversionRate(active: number, all: number): number {
  return all > 0 ? Math.round((active / all) * 100) : 0;
}
