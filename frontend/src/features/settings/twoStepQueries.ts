import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { useTransport } from '@/api/connect';
import { callKey } from '@/api/keys';

const m = AuthService.method;

/** Whether two-step sign-in is on, since when, and how many recovery codes are left. */
export function useTwoStep() {
  return useQuery(m.getTwoStep, {});
}

/** A new secret for the authenticator app: base32 for typing, otpauth:// for the QR code. */
export function useStartTwoStepSetup() {
  const transport = useTransport();
  return useMutation({
    mutationFn: () => callUnaryMethod(transport, m.startTwoStepSetup, {}),
  });
}

/** After a change, the status (on, since, codes left) is read again. */
function useTwoStepChange<V, R>(run: (transport: ReturnType<typeof useTransport>, v: V) => Promise<R>) {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => run(transport, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey(m.getTwoStep, {}, transport) }),
  });
}

/** Confirms a code from the new secret; answers the recovery codes, shown once. */
export const useEnableTwoStep = () =>
  useTwoStepChange(async (t, code: string) => (await callUnaryMethod(t, m.enableTwoStep, { code: code.trim() })).recoveryCodes);

export const useDisableTwoStep = () =>
  useTwoStepChange(async (t, v: { password: string; code: string }) => {
    await callUnaryMethod(t, m.disableTwoStep, { password: v.password, code: v.code.trim() });
  });

export const useRegenerateRecoveryCodes = () =>
  useTwoStepChange(async (t, code: string) => (await callUnaryMethod(t, m.regenerateRecoveryCodes, { code: code.trim() })).recoveryCodes);
