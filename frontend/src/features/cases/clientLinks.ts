import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Client } from '@gen/kesi/v1/client_pb';
import { clientClient, useTransport } from '@/api/connect';
import { useClients } from '@/features/clients/queries';

/** The clients linked to a case (by its internal id) and the ones that could be, by name. */
export function useCaseClients(caseRef: string) {
  const clients = useClients();
  const split = useMemo(() => {
    const all = [...(clients.data ?? [])].sort((a, b) => a.fullname.localeCompare(b.fullname));
    return {
      linked: all.filter((c) => c.caseIds.includes(caseRef)),
      others: all.filter((c) => !c.caseIds.includes(caseRef)),
    };
  }, [clients.data, caseRef]);
  return { ...clients, ...split };
}

/**
 * Links (link true) or unlinks a client and a case. Both lists change and the case's activities
 * name its client, so every cached answer is fetched again.
 */
export function useLinkClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ client, caseRef, link }: { client: Client; caseRef: string; link: boolean }) => {
      const api = clientClient(transport);
      const req = { clientId: client.id, caseId: caseRef };
      return (link ? await api.linkClientCase(req) : await api.unlinkClientCase(req)).client;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
