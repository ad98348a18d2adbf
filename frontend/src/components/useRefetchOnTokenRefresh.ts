import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TOKEN_REFRESHED_EVENT } from '@/api/events';

/** Every diary area keys its case queries under 'cases' and its client queries under 'clients'. */
export const CASES_ROOT = 'cases';
export const CLIENTS_ROOT = 'clients';

/**
 * SPEC.md section 4: after the session was renewed, case and client queries run again
 * (one that failed with 401 shows its data instead of its error).
 */
export function useRefetchOnTokenRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onRefreshed = () => {
      void queryClient.invalidateQueries({ queryKey: [CASES_ROOT] });
      void queryClient.invalidateQueries({ queryKey: [CLIENTS_ROOT] });
    };
    window.addEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    return () => {
      window.removeEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    };
  }, [queryClient]);
}
