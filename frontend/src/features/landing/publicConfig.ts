import { useQuery } from '@tanstack/react-query';

/** What the server tells the web app before anyone signs in (`GET /api/config`). */
export interface PublicConfig {
  /** False when the operator turned the demo account off (KESI_DEMO=off). */
  demo: boolean;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
  return (await res.json()) as PublicConfig;
}

/** Whether to offer the demo: yes unless the server says it is off. */
export function useDemoEnabled(): boolean {
  const { data } = useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: 10 * 60_000, retry: false });
  return data?.demo !== false;
}
