import { create } from '@bufbuild/protobuf';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientFieldsSchema, type Client } from '@gen/kesi/v1/client_pb';
import { clientClient, useTransport } from '@/api/connect';
import { CLIENTS_ROOT } from '@/components/useRefetchOnTokenRefresh';

export const clientKeys = {
  all: [CLIENTS_ROOT] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
};

/** SPEC.md section 9: clients stale after 5 min, 2 retries. */
const FRESHNESS = { staleTime: 5 * 60_000, retry: 2 };

export function useClients() {
  const transport = useTransport();
  return useQuery({
    queryKey: clientKeys.list(),
    queryFn: async ({ signal }) => (await clientClient(transport).listClients({}, { signal })).clients,
    ...FRESHNESS,
  });
}

export function useClient(id: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: async ({ signal }) => {
      const res = await clientClient(transport).getClient({ id }, { signal });
      if (!res.client) throw new Error('Failed to load client details');
      return res.client;
    },
    ...FRESHNESS,
  });
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

export function useCreateClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: ClientValues) =>
      (
        await clientClient(transport).createClient({
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.list() }),
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
