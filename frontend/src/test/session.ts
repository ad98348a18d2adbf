import { SessionStore, type SessionServer } from '@/app/session/store';
import type { SessionUser } from '@/app/session/user';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    email: 'wanjiru@example.co.ke',
    fullname: 'Wanjiru Kamau',
    role: 'lawyer',
    phone_number: '0712345678',
    profile_image: '',
    affiliate_code: '',
    ...overrides,
  };
}

/** A started store: signed in as `user` (confirmed by the server), or signed out. */
export function sessionStore(user: SessionUser | null, server?: Partial<SessionServer>): SessionStore {
  const store = new SessionStore(
    {
      me: () => (user ? Promise.resolve(user) : Promise.reject(new Error('unauthenticated'))),
      refresh: () => Promise.reject(new Error('no refresh cookie')),
      ...server,
    },
    window.localStorage,
  );
  window.localStorage.clear();
  store.start();
  if (user) store.signedIn(user);
  return store;
}
