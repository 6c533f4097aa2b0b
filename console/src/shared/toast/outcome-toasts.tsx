import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { showToast } from './show-toast';

/** Red, with the alert icon: something was refused or failed. */
export function showFailureToast(title: string, message: string): void {
  showToast({ title, message, color: 'red', icon: <IconAlertCircle size={18} /> });
}

/** Teal, with a check: the action went through. */
export function showSuccessToast(title: string, message?: string): void {
  showToast({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}
