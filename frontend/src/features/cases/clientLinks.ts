import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { ClientService, type Client, type ListClientsResponse } from '@gen/kesi/v1/client_pb';
import { useTransport } from '@/api/connect';
import { isKeyOf } from '@/api/keys';

const clientsOf = (r: ListClientsResponse) => r.clients;

/** The clients linked to a case (by its internal id) and the ones that could be, by name. */
export function useCaseClients(caseRef: string) {
  // The same call and key as the Clients screen's list.
  const clients = useQuery(ClientService.method.listClients, {}, { select: clientsOf, staleTime: 5 * 60_000 });
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
 * Links (link true) or unlinks a client and a case. The clients, the case and its activities
 * (which name its client) change, so their cached answers are fetched again.
 */
export function useLinkClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ client, caseRef, link }: { client: Client; caseRef: string; link: boolean }) => {
      const req = { clientId: client.id, caseId: caseRef };
      const m = ClientService.method;
      return (link ? await callUnaryMethod(transport, m.linkClientCase, req) : await callUnaryMethod(transport, m.unlinkClientCase, req)).client;
    },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isKeyOf(q.queryKey, [ClientService, CaseService]) }),
  });
}
