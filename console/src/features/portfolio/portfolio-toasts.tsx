import { serverMessageOf } from '../../shared/api/http';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';
import { formatCount } from '../../shared/format/plural';

export function showPortfolioCreatedToast(name: string): void {
  showSuccessToast('Portfolio created successfully!', name);
}

/** Spec 8: the failure toasts show the message. */
export function showPortfolioCreateFailedToast(error: unknown): void {
  showFailureToast('Failed to create portfolio', serverMessageOf(error, error instanceof Error ? error.message : String(error)));
}

export function showSuggestionImplementedToast(orderCount: number): void {
  showSuccessToast('Suggestion implemented successfully!', `${formatCount(orderCount, 'order')} placed on the Trading Desk`);
}

export function showSuggestionFailedToast(error: unknown): void {
  showFailureToast('Failed to implement suggestion', serverMessageOf(error, error instanceof Error ? error.message : String(error)));
}
