import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { HttpError, serverMessageOf } from '../../shared/api/http';
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

export type XrplAction = 'issue' | 'trade' | 'retire';

const kycMessages: Record<XrplAction, string> = {
  issue: 'Please complete KYC and AML verification before issuing credits.',
  trade: 'Please complete KYC verification before trading credits.',
  retire: 'Please complete KYC verification before retiring credits.',
};

const failures: Record<XrplAction, { title: string; fallback: string }> = {
  issue: { title: 'Issuance Failed', fallback: 'Failed to issue credits' },
  trade: { title: 'Trade Failed', fallback: 'Failed to execute trade' },
  retire: { title: 'Retirement Failed', fallback: 'Failed to retire credits' },
};

export function showXrplValidationToast(message: string): void {
  showFailure('Validation Error', message);
}

export function showXrplKycRequiredToast(action: XrplAction): void {
  showToast({ title: 'KYC Verification Required', message: kycMessages[action], color: 'yellow', icon: <IconAlertCircle size={18} /> });
}

export function showXrplActionFailedToast(action: XrplAction, error: unknown): void {
  const { title, fallback } = failures[action];
  showFailure(title, serverMessageOf(error, fallback));
}

function showSuccess(title: string, message: string): void {
  showToast({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showCreditsIssuedToast(issued: { nftId: string; creditAmount: number; paymentResult: string }): void {
  const payment =
    issued.paymentResult === 'tesSUCCESS' ? '' : ` The NXCC payment was not applied (${issued.paymentResult}); the destination needs a trust line for NXCC.`;
  showSuccess('Credits Issued Successfully', `NFT ${issued.nftId.slice(0, 16)}... carries ${issued.creditAmount} credits.${payment}`);
}

export function showTradeExecutedToast(txHash: string): void {
  showSuccess('Trade Executed via XRPL AMM', `Transaction ${txHash.slice(0, 16)}...`);
}

export function showCreditsRetiredToast(burned: number): void {
  showSuccess('Credits Retired Successfully', `Burned ${burned} tokens`);
}

// Not in the spec: signing moved into the browser (ARCHITECTURE 8), so a seed can now be wrong here.
export function showInvalidSeedToast(): void {
  showFailure('Invalid Wallet Seed', 'The wallet seed is not a valid XRPL seed');
}

export function showSeedMismatchToast(walletAddress: string, expectedAddress: string): void {
  showFailure('Wrong Wallet Seed', `The seed signs for ${walletAddress}, not for ${expectedAddress}. Enter the seed of the XRPL address you verified.`);
}
