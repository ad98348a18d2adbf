import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentClient, useTransport } from '@/api/connect';
import { CASES_ROOT } from '@/components/useRefetchOnTokenRefresh';
import { uploadDocuments, type UploadRequest } from './api';

/** Documents hang off a case, so their keys live under 'cases' too. */
export const documentKeys = {
  all: [CASES_ROOT, 'documents'] as const,
  list: (caseId: string) => [...documentKeys.all, caseId] as const,
};

/** A case's documents, newest first. */
export function useDocuments(caseId: string) {
  const transport = useTransport();
  return useQuery({
    queryKey: documentKeys.list(caseId),
    queryFn: async ({ signal }) => (await documentClient(transport).listDocuments({ caseId }, { signal })).files,
  });
}

export function useUploadDocuments(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: Omit<UploadRequest, 'caseId'>) => uploadDocuments({ ...req, caseId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(caseId) }),
  });
}
