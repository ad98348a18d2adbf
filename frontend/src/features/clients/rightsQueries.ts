import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientClient, useTransport } from '@/api/connect';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { clientKeys } from './queries';

/** One client's data as a JSON file: the client, their cases and sittings. */
export function useExportClient() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await clientClient(transport).exportClient({ id });
      return { filename: res.filename, blob: new Blob([res.json], { type: 'application/json' }) };
    },
  });
}

/** Erases a client; their cases stay, unlinked. Answers how many cases were unlinked. */
export function useDeleteClient() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await clientClient(transport).deleteClient({ id })).unlinkedCases,
    onSuccess: (_n, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.list() });
      void queryClient.invalidateQueries({ queryKey: [CASES_ROOT] });
    },
  });
}
