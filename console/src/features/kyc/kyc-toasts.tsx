import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { HttpError, serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';
import { showFailureToast } from '../../shared/toast/outcome-toasts';

export function showInvalidAddressToast(): void {
  showFailureToast('Invalid Address', 'Please enter a valid XRPL address');
}

// Not a product-defined text: the built-in form replaces the widget, so its input check has its own text.
export function showInvalidCountryToast(): void {
  showFailureToast('Invalid Country', 'Country must be an ISO 3166-1 alpha-2 code, e.g. GB');
}

// Not a product-defined text: starting needs the address's key to sign a challenge in the browser.
export function showSeedRequiredToast(): void {
  showFailureToast(
    'Wallet Seed Required',
    'Enter the seed of this address (or generate a wallet) to sign the verification challenge; it never leaves this browser',
  );
}

/** The seed was unusable or belongs to another address; nothing was sent. */
export function showSigningFailedToast(error: unknown): void {
  showFailureToast('Signing Failed', error instanceof Error ? error.message : 'Could not sign the verification challenge');
}

/** The server answered but did not start an inquiry. */
export function showStartRefusedToast(): void {
  showFailureToast('Verification Failed', 'Failed to start KYC verification process');
}

export function showStartErrorToast(error: unknown): void {
  showFailureToast('Error', serverMessageOf(error, 'Failed to start verification'));
}

export function showVerificationCancelledToast(): void {
  showToast({
    title: 'Verification Cancelled',
    message: 'The identity verification was closed before it finished',
    color: 'yellow',
    icon: <IconInfoCircle size={18} />,
  });
}

/** A refused verification (`error` from the server) or a failed verify call. */
export function showVerificationFailedToast(reason: string | undefined): void {
  showFailureToast('Verification Failed', reason ?? 'KYC verification failed');
}

export function showVerifyErrorToast(error: unknown): void {
  const message = error instanceof HttpError && error.body ? error.body.message : undefined;
  showVerificationFailedToast(message ?? 'Failed to complete verification');
}

export function showKycCompleteToast(): void {
  showToast({
    title: 'KYC Verification Complete',
    message: 'The address is verified and may trade and issue credits',
    color: 'teal',
    icon: <IconCheck size={18} />,
  });
}
