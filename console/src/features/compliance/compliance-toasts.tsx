import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';

export function showExportSuccessfulToast(fileName: string): void {
  showToast({ title: 'Export Successful', message: `Evidence saved as ${fileName}`, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showExportFailedToast(error: unknown): void {
  showToast({
    title: 'Export Failed',
    message: serverMessageOf(error, 'Failed to generate evidence export'),
    color: 'red',
    icon: <IconAlertCircle size={18} />,
  });
}

export function showReportGeneratedToast(fileName: string): void {
  showToast({ title: 'Report Generated', message: `Report saved as ${fileName}`, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showReportFailedToast(error: unknown): void {
  showToast({
    title: 'Report Failed',
    message: serverMessageOf(error, 'Failed to generate report'),
    color: 'red',
    icon: <IconAlertCircle size={18} />,
  });
}
