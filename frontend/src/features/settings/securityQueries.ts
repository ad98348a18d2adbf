import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient, useTransport } from '@/api/connect';
import { settingsKeys } from './queries';

export const securityKeys = {
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
};

/** The signed-in user's sessions, the current one first. */
export function useSessions() {
  const transport = useTransport();
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: async ({ signal }) => (await authClient(transport).listSessions({}, { signal })).sessions,
  });
}

export function useRevokeSession() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await authClient(transport).revokeSession({ id });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await authClient(transport).revokeOtherSessions({})).revoked,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useUpdatePassword() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { currentPassword: string; newPassword: string }) => (await authClient(transport).updatePassword(v)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}
