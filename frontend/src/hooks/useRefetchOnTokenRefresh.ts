import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TOKEN_REFRESHED_EVENT } from '@/api/events';
import { isKeyOf, SESSION_SERVICES } from '@/api/keys';

/**
 * SPEC.md section 4: after the session was renewed, case and client queries run again
 * (one that failed with 401 shows its data instead of its error).
 */
export function useRefetchOnTokenRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onRefreshed = () => {
      void queryClient.invalidateQueries({ predicate: (q) => isKeyOf(q.queryKey, SESSION_SERVICES) });
    };
    window.addEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    return () => {
      window.removeEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    };
  }, [queryClient]);
}
