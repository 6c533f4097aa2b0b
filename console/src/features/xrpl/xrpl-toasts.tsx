import { IconAlertCircle } from '@tabler/icons-react';
import { HttpError } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';

function showFailure(title: string, message: string): void {
  showToast({ title, message, color: 'red', icon: <IconAlertCircle size={18} /> });
}

export function showInvalidAmountToast(): void {
  showFailure('Invalid Amount', 'Please enter a valid positive number');
}

export function showInvalidSwapToast(): void {
  showFailure('Invalid Swap', 'Source and destination assets cannot be the same');
}

/** Spec: a refused request (4xx) points at the inputs; a network or server failure asks to retry. */
export function showQuoteFailedToast(error: unknown): void {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    showFailure('Quote Failed', 'Failed to get swap quote. Please check your inputs.');
  } else {
    showFailure('Quote Error', 'Unable to get swap quote. Please try again.');
  }
}
