import { useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentService, type ListDocumentsResponse } from '@gen/kesi/v1/document_pb';
import { callKey } from '@/api/keys';
import { useTransport } from '@/api/connect';
import { uploadDocuments, type UploadRequest } from './api';

const m = DocumentService.method;
const filesOf = (r: ListDocumentsResponse) => r.files;

/** A case's documents, newest first. */
export function useDocuments(caseId: string) {
  return useQuery(m.listDocuments, { caseId }, { select: filesOf });
}

/** Uploads over REST (multipart, with progress); then the case's documents are read again. */
export function useUploadDocuments(caseId: string) {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: Omit<UploadRequest, 'caseId'>) => uploadDocuments({ ...req, caseId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey(m.listDocuments, { caseId }, transport) }),
  });
}
