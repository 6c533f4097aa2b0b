import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';

function showFailure(title: string, message: string): void {
  showToast({ title, message, color: 'red', icon: <IconAlertCircle size={18} /> });
}

function showSuccess(title: string, message?: string): void {
  showToast({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showPortfolioCreatedToast(name: string): void {
  showSuccess('Portfolio created successfully!', name);
}

/** Spec 8: the failure toasts show the message. */
export function showPortfolioCreateFailedToast(error: unknown): void {
  showFailure('Failed to create portfolio', serverMessageOf(error, error instanceof Error ? error.message : String(error)));
}

export function showSuggestionImplementedToast(orderCount: number): void {
  showSuccess('Suggestion implemented successfully!', `${orderCount} ${orderCount === 1 ? 'order' : 'orders'} placed on the Trading Desk`);
}

export function showSuggestionFailedToast(error: unknown): void {
  showFailure('Failed to implement suggestion', serverMessageOf(error, error instanceof Error ? error.message : String(error)));
}
