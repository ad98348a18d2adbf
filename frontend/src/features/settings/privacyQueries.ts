import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountService, type GetAccountDeletionResponse } from '@gen/kesi/v1/account_pb';
import { refreshSession, useTransport } from '@/api/connect';
import { callKey } from '@/api/keys';


const m = AccountService.method;
const deletionOf = (r: GetAccountDeletionResponse) => r.deletion ?? null;

/** The account's scheduled erasure, or null when none is scheduled. */
export function useAccountDeletion(enabled = true) {
  return useQuery(m.getAccountDeletion, {}, { enabled, select: deletionOf, staleTime: 60_000 });
}

export function useDeleteAccount() {
  const transport = useTransport();
  return useMutation({
    mutationFn: async (v: { password: string; code: string }) => (await callUnaryMethod(transport, m.deleteAccount, v)).deletion,
  });
}

export function useCancelDeletion() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await callUnaryMethod(transport, m.cancelAccountDeletion, {});
    },
    onSuccess: () => queryClient.setQueryData(callKey(m.getAccountDeletion, {}, transport), (old) => (old ? { ...old, deletion: undefined } : old)),
  });
}

export const EXPORT_PATH = '/api/account/export';

/** The file name the server gives in Content-Disposition, else a default. */
export function exportFilename(disposition: string | null, fallback = 'kesi-export.zip'): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Downloads the account export, reporting the bytes received as they arrive (the zip is
 * streamed, so its size is not known in advance), and answers it with its file name. An
 * expired access token is renewed once.
 */
export async function downloadExport(
  onProgress: (bytes: number) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; filename: string }> {
  const get = () => fetchImpl(EXPORT_PATH, { credentials: 'include' });
  let res = await get();
  if (res.status === 401) {
    await refreshSession();
    res = await get();
  }
  if (!res.ok || !res.body) {
    let message = 'The download failed. Please try again.';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the general message.
    }
    throw new Error(message);
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    filename: exportFilename(res.headers.get('Content-Disposition')),
  };
}

/** '1.4 MB' for a byte count. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
