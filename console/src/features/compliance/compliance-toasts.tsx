import { serverMessageOf } from '../../shared/api/http';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';

export function showExportSuccessfulToast(fileName: string): void {
  showSuccessToast('Export Successful', `Evidence saved as ${fileName}`);
}

export function showExportFailedToast(error: unknown): void {
  showFailureToast('Export Failed', serverMessageOf(error, 'Failed to generate evidence export'));
}

export function showReportGeneratedToast(fileName: string): void {
  showSuccessToast('Report Generated', `Report saved as ${fileName}`);
}

export function showReportFailedToast(error: unknown): void {
  showFailureToast('Report Failed', serverMessageOf(error, 'Failed to generate report'));
}
