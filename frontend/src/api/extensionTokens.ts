import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthService, type ListExtensionTokensResponse } from '@gen/kesi/v1/auth_pb';
import { useTransport } from './connect';
import { callKey } from './keys';

/**
 * The browser-extension tokens: listed and revoked on the settings' Integrations tab and on the
 * connect-extension page, one cache entry for both.
 */
const m = AuthService.method;
const tokensOf = (r: ListExtensionTokensResponse) => r.extensionTokens;

/** The signed-in person's connected browser extensions. */
export function useExtensionTokens() {
  return useQuery(m.listExtensionTokens, {}, { select: tokensOf });
}

/** Issues a token for the extension; the secret is in the answer, once; the token joins the list. */
export function useCreateExtensionToken() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => callUnaryMethod(transport, m.createExtensionToken, { name }),
    onSuccess: (res) => {
      const token = res.extensionToken;
      if (!token) return queryClient.invalidateQueries({ queryKey: callKey(m.listExtensionTokens, {}, transport) });
      queryClient.setQueryData(callKey(m.listExtensionTokens, {}, transport), (old) =>
        old ? { ...old, extensionTokens: [token, ...old.extensionTokens.filter((t) => t.id !== token.id)] } : old,
      );
      return undefined;
    },
  });
}

/** Disconnects an extension: it leaves the cached list at once. */
export function useRevokeExtensionToken() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callUnaryMethod(transport, m.revokeExtensionToken, { id });
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData(callKey(m.listExtensionTokens, {}, transport), (old) =>
        old ? { ...old, extensionTokens: old.extensionTokens.filter((t) => t.id !== id) } : old,
      );
    },
  });
}
