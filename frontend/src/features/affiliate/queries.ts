import { useQuery } from '@connectrpc/connect-query';
import { AffiliateService, type ListReferralsResponse } from '@gen/kesi/v1/affiliate_pb';

const m = AffiliateService.method;

/** SPEC.md section 9: affiliate queries refetch every 30 s and are stale after 10 s. */
const timing = { refetchInterval: 30_000, staleTime: 10_000 };
const referralsOf = (r: ListReferralsResponse) => r.referrals;

export function useAffiliateStats() {
  return useQuery(m.getAffiliateStats, {}, timing);
}

export function useReferrals() {
  return useQuery(m.listReferrals, {}, { select: referralsOf, ...timing });
}

/** Active referrals over all referrals, as a whole percentage; 0 with no referrals. */
export function conversionRate(active: number, all: number): number {
  return all > 0 ? Math.round((active / all) * 100) : 0;
}
