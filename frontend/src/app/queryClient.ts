import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 9: global default stale 5 min with 1 retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: 1,
      },
    },
  });
}
