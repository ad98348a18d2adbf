import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthService, type ListSessionsResponse } from '@gen/kesi/v1/auth_pb';
import { useTransport } from '@/api/connect';
import { callKey } from '@/api/keys';

const m = AuthService.method;
const sessionsOf = (r: ListSessionsResponse) => r.sessions;

/** The signed-in user's sessions, the current one first. */
export function useSessions() {
  return useQuery(m.listSessions, {}, { select: sessionsOf });
}

/** The sessions' key, for the mutations below. */
function useSessionsKey() {
  return callKey(m.listSessions, {}, useTransport());
}

/** Signs one session out: it leaves the cached list at once (and the list is checked on failure). */
export function useRevokeSession() {
  const transport = useTransport();
  const key = useSessionsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.revokeSession, { id });
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData(key, (old) => (old ? { ...old, sessions: old.sessions.filter((s) => s.id !== id) } : old));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Signs every other session out: only the current one stays in the cached list. */
export function useRevokeOtherSessions() {
  const transport = useTransport();
  const key = useSessionsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callUnaryMethod(transport, m.revokeOtherSessions, {})).revoked,
    onSuccess: () => {
      queryClient.setQueryData(key, (old) => (old ? { ...old, sessions: old.sessions.filter((s) => s.current) } : old));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Changes the password; the server signs the other sessions out, so the list is read again. */
export function useUpdatePassword() {
  const transport = useTransport();
  const key = useSessionsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { currentPassword: string; newPassword: string }) => (await callUnaryMethod(transport, m.updatePassword, v)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
