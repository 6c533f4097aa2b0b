import { serverMessageOf } from '../../shared/api/http';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';

/** A project action that went through: what was done, to what. */
export function showProjectActionToast(title: string, message: string): void {
  showSuccessToast(title, message);
}

/** A refused or failed project action: the server's message (a conflict of interest, an overlapping period), else `fallback`. */
export function showProjectActionFailedToast(title: string, error: unknown, fallback: string): void {
  showFailureToast(title, serverMessageOf(error, fallback));
}

export function showDocumentUploadFailedToast(error: unknown): void {
  showFailureToast('Upload Failed', serverMessageOf(error, 'Failed to upload the document'));
}
