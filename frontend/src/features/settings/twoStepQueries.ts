import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient, useTransport } from '@/api/connect';
import { settingsKeys } from './queries';

export const twoStepKeys = {
  status: () => [...settingsKeys.all, 'two-step'] as const,
};

/** Whether two-step sign-in is on, since when, and how many recovery codes are left. */
export function useTwoStep() {
  const transport = useTransport();
  return useQuery({
    queryKey: twoStepKeys.status(),
    queryFn: async ({ signal }) => await authClient(transport).getTwoStep({}, { signal }),
  });
}

/** A new secret for the authenticator app: base32 for typing, otpauth:// for the QR code. */
export function useStartTwoStepSetup() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async () => await authClient(transport).startTwoStepSetup({}),
  });
}

/** Confirms a code from the new secret; answers the recovery codes, shown once. */
export function useEnableTwoStep() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await authClient(transport).enableTwoStep({ code: code.trim() })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status() }),
  });
}

export function useDisableTwoStep() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { password: string; code: string }) => {
      await authClient(transport).disableTwoStep({ password: v.password, code: v.code.trim() });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status() }),
  });
}

export function useRegenerateRecoveryCodes() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await authClient(transport).regenerateRecoveryCodes({ code: code.trim() })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status() }),
  });
}
