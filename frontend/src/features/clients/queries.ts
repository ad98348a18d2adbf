import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClientFieldsSchema,
  ClientService,
  GetClientResponseSchema,
  type Client,
  type GetClientResponse,
  type ListClientsResponse,
} from '@gen/kesi/v1/client_pb';
import { useTransport } from '@/api/connect';
import { callKey, setCallData } from '@/api/keys';

const m = ClientService.method;

/** SPEC.md section 9: clients stale after 5 min, 2 retries. */
const FRESHNESS = { staleTime: 5 * 60_000, retry: 2 };

const clientsOf = (r: ListClientsResponse) => r.clients;
const clientOf = (r: GetClientResponse): Client => {
  if (!r.client) throw new Error('Failed to load client details');
  return r.client;
};

export function useClients() {
  return useQuery(m.listClients, {}, { select: clientsOf, ...FRESHNESS });
}

export function useClient(id: string) {
  return useQuery(m.getClient, { id }, { select: clientOf, ...FRESHNESS });
}

export interface ClientValues {
  fullname: string;
  phone_number: string;
  email: string;
  national_id: string;
  address: string;
  client_type: string;
  preferred_communication: string;
  notes: string;
}

/** Creates a client; the answer goes into the cache as the client and into the list. */
export function useCreateClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: ClientValues) =>
      (
        await callUnaryMethod(transport, m.createClient, {
          client: create(ClientFieldsSchema, {
            fullname: v.fullname.trim(),
            phoneNumber: v.phone_number.trim(),
            email: v.email.trim(),
            nationalId: v.national_id.trim(),
            address: v.address.trim(),
            clientType: v.client_type,
            preferredCommunication: v.preferred_communication,
            notes: v.notes.trim(),
          }),
        })
      ).client,
    onSuccess: (created) => {
      if (!created) return queryClient.invalidateQueries({ queryKey: callKey(m.listClients, {}, transport) });
      setCallData(queryClient, m.getClient, { id: created.id }, create(GetClientResponseSchema, { client: created }), transport);
      queryClient.setQueryData(callKey(m.listClients, {}, transport), (old) =>
        old ? { ...old, clients: [...old.clients, created].sort((a, b) => (a.fullname < b.fullname ? -1 : a.fullname > b.fullname ? 1 : 0)) } : old,
      );
      return undefined;
    },
  });
}

/** SPEC.md section 5: case-insensitive substring of fullname, national_id, phone_number or email. */
export function searchClients(clients: readonly Client[], query: string): Client[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...clients];
  return clients.filter((c) => [c.fullname, c.nationalId, c.phoneNumber, c.email].some((f) => f.toLowerCase().includes(q)));
}

/** SPEC.md section 2: the National ID column shows only when some client has a real one. */
export function showNationalId(clients: readonly Client[]): boolean {
  return clients.some((c) => c.nationalId.trim() !== '' && !c.isNationalIdTemporary);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}
