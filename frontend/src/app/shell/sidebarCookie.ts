/** SPEC.md section 2: the sidebar's state is kept in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const MAX_AGE_S = 7 * 24 * 60 * 60;

export function readSidebarOpen(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`).exec(cookie);
  return match?.[1] !== 'false';
}

export function writeSidebarOpen(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${String(open)}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax`;
}
