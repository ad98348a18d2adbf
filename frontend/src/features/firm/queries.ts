import { Code, ConnectError } from '@connectrpc/connect';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQuery as useTanstackQuery, useQueryClient } from '@tanstack/react-query';
import {
  FirmService,
  type ListCaseSittingsResponse,
  type ListClashesResponse,
  type ListFirmSittingsResponse,
  type ListInvitationsResponse,
  type ListMembersResponse,
} from '@gen/kesi/v1/firm_pb';
import { useTransport } from '@/api/connect';
import { callKey, DIARY_SERVICES, isKeyOf } from '@/api/keys';
import { fromIsoDate } from '@/lib/dates';

const m = FirmService.method;

const membersOf = (r: ListMembersResponse) => r.members;
const invitationsOf = (r: ListInvitationsResponse) => r.invitations;
const sittingsOf = (r: ListFirmSittingsResponse) => r.sittings;
const clashesOf = (r: ListClashesResponse) => r.clashes;
const caseSittingsOf = (r: ListCaseSittingsResponse) => r;

/** NotFound from GetFirm means "in no firm", an answer rather than an error. */
export function useFirm() {
  const transport = useTransport();
  return useTanstackQuery({
    queryKey: callKey(m.getFirm, {}, transport),
    queryFn: async ({ signal }) => {
      try {
        return (await callUnaryMethod(transport, m.getFirm, {}, { signal })).firm ?? null;
      } catch (err) {
        if (ConnectError.from(err).code === Code.NotFound) return null;
        throw err;
      }
    },
    retry: 1,
  });
}

export function useMembers(enabled: boolean) {
  return useQuery(m.listMembers, {}, { select: membersOf, enabled });
}

export function useInvitations(enabled: boolean) {
  return useQuery(m.listInvitations, {}, { select: invitationsOf, enabled });
}

export function useCaseSittings(caseRef: string, enabled = true) {
  return useQuery(m.listCaseSittings, { id: caseRef }, { select: caseSittingsOf, enabled: enabled && caseRef !== '' });
}

export function useFirmDay(date: string, enabled = true) {
  return useQuery(m.listFirmSittings, { date: fromIsoDate(date) }, { select: sittingsOf, enabled });
}

export function useClashes(start: string, end: string, enabled = true) {
  return useQuery(m.listClashes, { start: fromIsoDate(start), end: fromIsoDate(end) }, { select: clashesOf, enabled });
}

/**
 * A firm call that changes something. Membership, sharing and assignment change who sees which
 * case, so the firm's answers and the whole diary are read again.
 */
function useFirmMutation<V, R>(run: (transport: ReturnType<typeof useTransport>, v: V) => Promise<R>) {
  const transport = useTransport();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => run(transport, v),
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => isKeyOf(q.queryKey, DIARY_SERVICES) }),
  });
}

export const useCreateFirm = () => useFirmMutation((t, name: string) => callUnaryMethod(t, m.createFirm, { name }));
export const useInvite = () => useFirmMutation((t, email: string) => callUnaryMethod(t, m.inviteMember, { email }));
export const useRevokeInvitation = () => useFirmMutation((t, id: string) => callUnaryMethod(t, m.revokeInvitation, { id }));
export const useRemoveMember = () => useFirmMutation((t, memberUserId: string) => callUnaryMethod(t, m.removeMember, { memberUserId }));
export const useHandOverFirm = () =>
  useFirmMutation((t, memberUserId: string) => callUnaryMethod(t, m.handOverFirm, { memberUserId }));
export const useLeaveFirm = () => useFirmMutation((t) => callUnaryMethod(t, m.leaveFirm, {}));
export const useAcceptInvitation = () => useFirmMutation((t, code: string) => callUnaryMethod(t, m.acceptInvitation, { code }));
export const useShareCase = () =>
  useFirmMutation((t, v: { id: string; shared: boolean }) => callUnaryMethod(t, m.shareCase, { id: v.id, shared: v.shared }));
export const useAssignSitting = () =>
  useFirmMutation((t, v: { activityId: string; memberUserId: string }) => callUnaryMethod(t, m.assignSitting, v));
