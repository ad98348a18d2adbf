import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { Transport } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FirmService } from '@gen/kesi/v1/firm_pb';
import { useTransport } from '@/api/connect';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { fromIsoDate } from '@/lib/dates';

export function firmClient(transport: Transport) {
  return createClient(FirmService, transport);
}

/** Firm data lives under the cases root: a refreshed session, a share or an assignment refetches it with the diary. */
export const firmKeys = {
  all: [CASES_ROOT, 'firm'] as const,
  firm: () => [...firmKeys.all, 'firm'] as const,
  members: () => [...firmKeys.all, 'members'] as const,
  invitations: () => [...firmKeys.all, 'invitations'] as const,
  caseSittings: (id: string) => [...firmKeys.all, 'case', id] as const,
  day: (date: string) => [...firmKeys.all, 'day', date] as const,
  clashes: (start: string, end: string) => [...firmKeys.all, 'clashes', start, end] as const,
};

/** NotFound from GetFirm means "in no firm", an answer rather than an error. */
export function useFirm() {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.firm(),
    queryFn: async ({ signal }) => {
      try {
        return (await firmClient(transport).getFirm({}, { signal })).firm ?? null;
      } catch (err) {
        if (ConnectError.from(err).code === Code.NotFound) return null;
        throw err;
      }
    },
    retry: 1,
  });
}

export function useMembers(enabled: boolean) {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.members(),
    queryFn: async ({ signal }) => (await firmClient(transport).listMembers({}, { signal })).members,
    enabled,
  });
}

export function useInvitations(enabled: boolean) {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.invitations(),
    queryFn: async ({ signal }) => (await firmClient(transport).listInvitations({}, { signal })).invitations,
    enabled,
  });
}

export function useCaseSittings(caseRef: string, enabled = true) {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.caseSittings(caseRef),
    queryFn: async ({ signal }) => firmClient(transport).listCaseSittings({ id: caseRef }, { signal }),
    enabled: enabled && caseRef !== '',
  });
}

export function useFirmDay(date: string, enabled = true) {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.day(date),
    queryFn: async ({ signal }) => (await firmClient(transport).listFirmSittings({ date: fromIsoDate(date) }, { signal })).sittings,
    enabled,
  });
}

export function useClashes(start: string, end: string, enabled = true) {
  const transport = useTransport();
  return useQuery({
    queryKey: firmKeys.clashes(start, end),
    queryFn: async ({ signal }) =>
      (await firmClient(transport).listClashes({ start: fromIsoDate(start), end: fromIsoDate(end) }, { signal })).clashes,
    enabled,
  });
}

/** A firm call that changes something, then refetches the firm and the diary. */
function useFirmMutation<V, R>(run: (client: ReturnType<typeof firmClient>, v: V) => Promise<R>) {
  const transport = useTransport();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => run(firmClient(transport), v),
    onSuccess: () => qc.invalidateQueries({ queryKey: [CASES_ROOT] }),
  });
}

export const useCreateFirm = () => useFirmMutation((c, name: string) => c.createFirm({ name }));
export const useInvite = () => useFirmMutation((c, email: string) => c.inviteMember({ email }));
export const useRevokeInvitation = () => useFirmMutation((c, id: string) => c.revokeInvitation({ id }));
export const useRemoveMember = () => useFirmMutation((c, memberUserId: string) => c.removeMember({ memberUserId }));
export const useLeaveFirm = () => useFirmMutation((c, v: Record<string, never>) => c.leaveFirm(v));
export const useAcceptInvitation = () => useFirmMutation((c, code: string) => c.acceptInvitation({ code }));
export const useShareCase = () =>
  useFirmMutation((c, v: { id: string; shared: boolean }) => c.shareCase({ id: v.id, shared: v.shared }));
export const useAssignSitting = () =>
  useFirmMutation((c, v: { activityId: string; memberUserId: string }) => c.assignSitting(v));
