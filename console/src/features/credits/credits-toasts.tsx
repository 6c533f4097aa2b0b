import type { IssueCreditsResponse, ProvenanceResponse } from '@carbon-ledger/contracts';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';
import { formatCount } from '../../shared/format/plural';

export function showValidationToast(message: string): void {
  showFailureToast('Validation Error', message);
}

export function showKycRequiredToast(): void {
  showToast({
    title: 'KYC Verification Required',
    message: 'Please complete KYC and AML verification before issuing credits.',
    color: 'yellow',
    icon: <IconAlertCircle size={18} />,
  });
}

export function showCreditsIssuedToast(issued: Pick<IssueCreditsResponse, 'tokenId' | 'firstSerial' | 'lastSerial'>): void {
  showSuccessToast('Credits Issued Successfully', `Token ${issued.tokenId}, serials ${issued.firstSerial} to ${issued.lastSerial}`);
}

export function showIssuanceFailedToast(error: unknown): void {
  showFailureToast('Issuance Failed', serverMessageOf(error, 'Failed to issue carbon credits'));
}

export function showDraftSavedToast(): void {
  showToast({
    title: 'Draft Saved',
    message: 'Your project details are kept in this browser for your next visit',
    color: 'teal',
    icon: <IconDeviceFloppy size={18} />,
  });
}

export function showCreditsCancelledToast(quantity: number): void {
  showSuccessToast('Credits Cancelled', `Cancelled ${formatCount(quantity, 'credit')}: out of circulation, not retired`);
}

export function showCancellationFailedToast(error: unknown): void {
  showFailureToast('Cancellation Failed', serverMessageOf(error, 'Failed to cancel credits'));
}

export function showCreditsRetiredToast(quantity: number): void {
  showSuccessToast('Credits Retired Successfully', `Retired ${formatCount(quantity, 'credit')}`);
}

export function showRetirementFailedToast(error: unknown): void {
  showFailureToast('Retirement Failed', serverMessageOf(error, 'Failed to retire credits'));
}

export function showDraftNotSavedToast(): void {
  showFailureToast('Draft Not Saved', 'This browser does not allow saving drafts');
}

export function showProvenanceFoundToast(provenance: Pick<ProvenanceResponse, 'tokenId' | 'entries'> & { readonly serial?: string }): void {
  showSuccessToast(
    'Provenance Found',
    `${provenance.serial ?? provenance.tokenId}: ${formatCount(provenance.entries.length, 'event')} in its chain of custody`,
  );
}

export function showSearchFailedToast(error: unknown): void {
  showFailureToast('Search Failed', serverMessageOf(error, 'Failed to find provenance data'));
}
