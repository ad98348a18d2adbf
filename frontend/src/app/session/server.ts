import { Role, type User } from '@gen/kesi/v1/auth_pb';
import { authClient, plainTransport, refreshSession } from '@/api/connect';
import type { RoleName, SessionUser } from './user';

/**
 * The session's calls to the server and the server's user as the session keeps it. This module
 * brings the Connect client and the protobuf runtime: SessionProvider loads it when a session has
 * to be checked or ended, so that a visitor's public page has neither (issue 17).
 */

const ROLE_NAMES: Record<Role, RoleName | ''> = {
  [Role.UNSPECIFIED]: '',
  [Role.LAWYER]: 'lawyer',
  [Role.MODERATOR]: 'moderator',
  [Role.DEMO]: 'demo',
  [Role.AFFILIATE]: 'affiliate',
};

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    role: ROLE_NAMES[user.role],
    phone_number: user.phoneNumber,
    profile_image: user.profileImage,
    affiliate_code: user.affiliateCode,
  };
}

/** The signed-in user, asked without the refresh interceptor (the session handles its own 401s). */
export async function me(): Promise<SessionUser> {
  const { user } = await authClient(plainTransport).me({});
  if (!user) throw new Error('no user');
  return toSessionUser(user);
}

/** Renews the session, one tab at a time. */
export { refreshSession };

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  await authClient().logout({});
}
