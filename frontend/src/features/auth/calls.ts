import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { AuthService, Role } from '@gen/kesi/v1/auth_pb';
import { transport as appTransport } from '@/api/connect';
import { toSessionUser } from '@/app/session/server';
import type { SessionUser } from '@/app/session/user';
import type { LoginValues, RegisterValues } from '@/lib/validation';

/**
 * The public pages' AuthService calls. This module brings the Connect client and the protobuf
 * runtime with it, so queries.ts loads it on the first call (or when a form is first touched),
 * never with the page (issue 17).
 */

const m = AuthService.method;

/** What a sign-in attempt sends: the password, and on the second step a code. */
export interface LoginAttempt extends LoginValues {
  totpCode?: string;
  recoveryCode?: string;
}

/** A signed-in user, or null when the password was right and two-step sign-in asks for a code. */
export type LoginResult = SessionUser | null;

export async function login(values: LoginAttempt, transport: Transport = appTransport): Promise<LoginResult> {
  const res = await callUnaryMethod(transport, m.login, {
    email: values.email.trim(),
    password: values.password,
    totpCode: values.totpCode?.trim() ?? '',
    recoveryCode: values.recoveryCode?.trim() ?? '',
  });
  if (res.twoStepRequired) return null;
  if (!res.user) throw new Error('no user in the answer');
  return toSessionUser(res.user);
}

/** The session layer's registration payload: optional role and referral code only when non-blank. */
function registerRequest(values: RegisterValues) {
  const role = values.role?.trim() === 'affiliate' ? Role.AFFILIATE : Role.UNSPECIFIED;
  return {
    fullname: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    phoneNumber: values.phone_number.trim(),
    role,
    referralCode: values.referralCode?.trim() ?? '',
  };
}

export async function register(values: RegisterValues, transport: Transport = appTransport): Promise<string> {
  return (await callUnaryMethod(transport, m.register, registerRequest(values))).message;
}

export async function requestPasswordReset(email: string, transport: Transport = appTransport): Promise<string> {
  return (await callUnaryMethod(transport, m.requestPasswordReset, { email: email.trim() })).message;
}

export async function changePassword(
  v: { email: string; code: string; password: string },
  transport: Transport = appTransport,
): Promise<string> {
  return (await callUnaryMethod(transport, m.changePassword, { email: v.email, resetCode: v.code, newPassword: v.password })).message;
}
