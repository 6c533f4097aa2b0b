import { uploadDocumentResponse, type UploadDocumentResponse } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestBytes } from '../../../shared/api/http';

/**
 * Stores the file's bytes under their sha256 (the same bytes again store nothing new, so no
 * Idempotency-Key is needed); requests then cite the document by that hash.
 */
export function uploadDocument(file: File): Promise<UploadDocumentResponse> {
  return requestBytes('/api/documents', uploadDocumentResponse, file, file.type || 'application/octet-stream');
}

export function useUploadDocument() {
  return useMutation({ mutationFn: uploadDocument });
}
