export type RoleName = 'lawyer' | 'moderator' | 'demo' | 'affiliate';

/** The non-secret profile kept in local storage to paint fast; never a token. */
export interface SessionUser {
  id: string;
  email: string;
  fullname: string;
  role: RoleName | '';
  phone_number: string;
  profile_image: string;
  affiliate_code: string;
}

/** Where a signed-in person lands: affiliates on their dashboard, everyone else on theirs. */
export function homeFor(user: Pick<SessionUser, 'role'> | null): string {
  if (!user) return '/login';
  return user.role === 'affiliate' ? '/affiliate-dashboard' : '/dashboard';
}

/**
 * What /login is sent with when a person leaves a page for it (the route guard's redirect, a
 * sign-out): that page, for afterSignIn to return to.
 */
export function sentToLogin(location: { pathname: string; search: string; hash: string }): { from: string } {
  return { from: location.pathname + location.search + location.hash };
}

/**
 * Where to go after signing in: back to the page the route guard turned the
 * person away from (a deep link to a case, the extension's approval page),
 * when it is an in-app path; otherwise their home. Affiliates only ever have
 * their dashboard.
 */
export function afterSignIn(user: Pick<SessionUser, 'role'>, from: unknown): string {
  const home = homeFor(user);
  if (user.role === 'affiliate' || typeof from !== 'string') return home;
  // '//host' and '/\host' would leave the app; only plain in-app paths return.
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || from.startsWith('/login')) return home;
  // Only an affiliate may go back to the affiliate dashboard: anyone else would bounce between it
  // and /login.
  if (from.startsWith('/affiliate-dashboard')) return home;
  return from;
}

/** 'Lawyer' for 'lawyer'; 'User' when the role is unknown. */
export function roleLabel(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : 'User';
}

/** 'WK' for 'Wanjiru Kamau'. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');
}

/** The local-storage key of the stored user; other tabs watch it to sign out together. */
export const USER_KEY = 'kesi.user';

export function readStoredUser(storage: Storage): SessionUser | null {
  try {
    const raw = storage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!parsed || typeof parsed.id !== 'string' || typeof parsed.role !== 'string') return null;
    return {
      id: parsed.id,
      email: parsed.email ?? '',
      fullname: parsed.fullname ?? '',
      role: parsed.role,
      phone_number: parsed.phone_number ?? '',
      profile_image: parsed.profile_image ?? '',
      affiliate_code: parsed.affiliate_code ?? '',
    };
  } catch {
    return null;
  }
}

/**
 * How this browser's last session ended, 'expired' or 'signedOut': written just before the stored
 * user is removed, so that the other tabs, told of the removal by a storage event, know whether
 * to keep the outcomes they hold that wait to send (app/followSession).
 */
export const ENDED_KEY = 'kesi.ended';

/** How the last session ended, as the tab that ended it wrote it. */
export function readStoredEnd(storage: Storage): 'expired' | 'signedOut' {
  try {
    return storage.getItem(ENDED_KEY) === 'expired' ? 'expired' : 'signedOut';
  } catch {
    return 'signedOut';
  }
}

/** Stores the user, or removes them saying how the session ended (`ended`, signed out unless said). */
export function writeStoredUser(storage: Storage, user: SessionUser | null, ended: 'expired' | 'signedOut' = 'signedOut'): void {
  try {
    if (user) storage.setItem(USER_KEY, JSON.stringify(user));
    else {
      storage.setItem(ENDED_KEY, ended);
      storage.removeItem(USER_KEY);
    }
  } catch {
    // Private mode or a full quota: the session still works, it just paints slower next time.
  }
}
