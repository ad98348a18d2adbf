import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` breakpoint: SPEC.md's 768px. */
export const MOBILE_QUERY = '(max-width: 47.99em)';

/** True on a phone-sized screen (below 768px). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}

/**
 * SPEC.md section 9: mobile lists stale after 30 s and refetch every 60 s; desktop lists stale
 * after 5 min and refetch every 3 min.
 */
export function listFreshness(mobile: boolean): { staleTime: number; refetchInterval: number } {
  return mobile
    ? { staleTime: 30_000, refetchInterval: 60_000 }
    : { staleTime: 5 * 60_000, refetchInterval: 3 * 60_000 };
}

/** The freshness of a list on the current screen size. */
export function useListFreshness() {
  return listFreshness(useIsMobile());
}
