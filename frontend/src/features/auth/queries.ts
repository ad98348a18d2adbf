import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallTransport } from '@/api/callTransport';
import { useSessionStore } from '@/app/session/SessionProvider';
import type { RegisterValues } from '@/lib/validation';
import type { LoginAttempt, LoginResult } from './calls';

export type { LoginAttempt, LoginResult } from './calls';

/** The calls module, with the Connect client it brings; loaded once. */
const loadCalls = () => import('./calls');

/**
 * Starts loading the calls before the first submit needs them: the forms call this when first
 * focused or touched, so that the page itself loads no Connect client (issue 17) and pressing
 * the button does not wait for it either.
 */
export function prefetchCalls(): void {
  void loadCalls();
}

/** What a form passes on to load the calls as soon as someone starts on it. */
export const prefetchOnUse = { onFocus: prefetchCalls, onPointerDown: prefetchCalls };

/** Signs in; the answer becomes the session's user (the cookies are HTTP-only, never seen here). */
export function useLogin() {
  const transport = useCallTransport();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginAttempt): Promise<LoginResult> => (await loadCalls()).login(values, transport),
    onSuccess: (user) => {
      if (!user) return;
      queryClient.clear();
      session.signedIn(user);
    },
  });
}

export function useRegister() {
  const transport = useCallTransport();
  return useMutation({
    mutationFn: async (values: RegisterValues) => (await loadCalls()).register(values, transport),
  });
}

export function useRequestPasswordReset() {
  const transport = useCallTransport();
  return useMutation({
    mutationFn: async (email: string) => (await loadCalls()).requestPasswordReset(email, transport),
  });
}

export function useChangePassword() {
  const transport = useCallTransport();
  return useMutation({
    mutationFn: async (v: { email: string; code: string; password: string }) => (await loadCalls()).changePassword(v, transport),
  });
}
