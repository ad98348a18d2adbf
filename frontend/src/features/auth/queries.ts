import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { AuthService, Role } from '@gen/kesi/v1/auth_pb';
import { useTransport } from '@/api/connect';
import { useSessionStore } from '@/app/session/SessionProvider';
import { toSessionUser, type SessionUser } from '@/app/session/user';
import type { LoginValues, RegisterValues } from '@/lib/validation';

const m = AuthService.method;

/** What a sign-in attempt sends: the password, and on the second step a code. */
export interface LoginAttempt extends LoginValues {
  totpCode?: string;
  recoveryCode?: string;
}

/** A signed-in user, or null when the password was right and two-step sign-in asks for a code. */
export type LoginResult = SessionUser | null;

/** Signs in; the answer becomes the session's user (the cookies are HTTP-only, never seen here). */
export function useLogin() {
  const transport = useTransport();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginAttempt): Promise<LoginResult> => {
      const res = await callUnaryMethod(transport, m.login, {
        email: values.email.trim(),
        password: values.password,
        totpCode: values.totpCode?.trim() ?? '',
        recoveryCode: values.recoveryCode?.trim() ?? '',
      });
      if (res.twoStepRequired) return null;
      if (!res.user) throw new Error('no user in the answer');
      return toSessionUser(res.user);
    },
    onSuccess: (user) => {
      if (!user) return;
      queryClient.clear();
      session.signedIn(user);
    },
  });
}

/** The session layer's registration payload: optional role and referral code only when non-blank. */
export function registerRequest(values: RegisterValues) {
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

export function useRegister() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (values: RegisterValues) => (await callUnaryMethod(transport, m.register, registerRequest(values))).message,
  });
}

export function useRequestPasswordReset() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (email: string) => (await callUnaryMethod(transport, m.requestPasswordReset, { email: email.trim() })).message,
  });
}

export function useChangePassword() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (v: { email: string; code: string; password: string }) =>
      (await callUnaryMethod(transport, m.changePassword, { email: v.email, resetCode: v.code, newPassword: v.password })).message,
  });
}
