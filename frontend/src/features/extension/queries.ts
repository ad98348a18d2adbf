import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient, useTransport } from '@/api/connect';

export const extensionKeys = {
  all: ['extension-tokens'] as const,
  list: () => [...extensionKeys.all, 'list'] as const,
};

/** The signed-in person's connected browser extensions. */
export function useExtensionConnections() {
  const transport = useTransport();
  return useQuery({
    queryKey: extensionKeys.list(),
    queryFn: async ({ signal }) => (await authClient(transport).listExtensionTokens({}, { signal })).extensionTokens,
  });
}

/** Issues a token for the extension; the secret is in the answer, once. */
export function useCreateExtensionToken() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => authClient(transport).createExtensionToken({ name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extensionKeys.list() }),
  });
}

/** Disconnects an extension. */
export function useRevokeExtensionToken() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => authClient(transport).revokeExtensionToken({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extensionKeys.list() }),
  });
}
