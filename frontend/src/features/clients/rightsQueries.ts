import { callUnaryMethod } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientService } from '@gen/kesi/v1/client_pb';
import { useTransport } from '@/api/connect';
import { callKey, serviceKey } from '@/api/keys';
import { CaseService } from '@gen/kesi/v1/case_pb';

const m = ClientService.method;

/** One client's data as a JSON file: the client, their cases and sittings. */
export function useExportClient() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await callUnaryMethod(transport, m.exportClient, { id });
      return { filename: res.filename, blob: new Blob([res.json], { type: 'application/json' }) };
    },
  });
}

/** Erases a client; their cases stay, unlinked. Answers how many cases were unlinked. */
export function useDeleteClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callUnaryMethod(transport, m.deleteClient, { id })).unlinkedCases,
    onSuccess: (_n, id) => {
      queryClient.removeQueries({ queryKey: callKey(m.getClient, { id }, transport) });
      void queryClient.invalidateQueries({ queryKey: callKey(m.listClients, {}, transport) });
      // The unlinked cases answer without the client's name.
      void queryClient.invalidateQueries({ queryKey: serviceKey(CaseService) });
    },
  });
}
