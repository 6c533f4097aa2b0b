import { IconAlertCircle } from '@tabler/icons-react';
import { HttpError, serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';
import { formatCount, pluralWord } from '../../shared/format/plural';

export function showInvalidAmountToast(): void {
  showFailureToast('Invalid Amount', 'Please enter a valid positive number');
}

export function showInvalidSwapToast(): void {
  showFailureToast('Invalid Swap', 'Source and destination assets cannot be the same');
}

/** A refused request (4xx) points at the inputs; a network or server failure asks to retry. */
export function showQuoteFailedToast(error: unknown): void {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    showFailureToast('Quote Failed', 'Failed to get swap quote. Please check your inputs.');
  } else {
    showFailureToast('Quote Error', 'Unable to get swap quote. Please try again.');
  }
}

/** Issue, trade, retire (the product's three tabs); tokenize and redeem move credits in and out of the vault (docs/vault.md). */
export type XrplAction = 'issue' | 'trade' | 'retire' | 'tokenize' | 'redeem';

const kycMessages: Record<XrplAction, string> = {
  issue: 'Please complete KYC and AML verification before issuing credits.',
  trade: 'Please complete KYC verification before trading credits.',
  retire: 'Please complete KYC verification before retiring credits.',
  tokenize: 'Please complete KYC verification before tokenizing credits.',
  redeem: 'Please complete KYC verification before redeeming credits.',
};

const failures: Record<XrplAction, { title: string; fallback: string }> = {
  issue: { title: 'Issuance Failed', fallback: 'Failed to issue credits' },
  trade: { title: 'Trade Failed', fallback: 'Failed to execute trade' },
  retire: { title: 'Retirement Failed', fallback: 'Failed to retire credits' },
  tokenize: { title: 'Tokenization Failed', fallback: 'Failed to tokenize credits' },
  redeem: { title: 'Redemption Failed', fallback: 'Failed to redeem credits' },
};

export function showXrplValidationToast(message: string): void {
  showFailureToast('Validation Error', message);
}

export function showXrplKycRequiredToast(action: XrplAction): void {
  showToast({ title: 'KYC Verification Required', message: kycMessages[action], color: 'yellow', icon: <IconAlertCircle size={18} /> });
}

export function showXrplActionFailedToast(action: XrplAction, error: unknown): void {
  const { title, fallback } = failures[action];
  showFailureToast(title, serverMessageOf(error, fallback));
}

/** The mint filed an issuance request: the credits are paid as NXCC once the verifier and the registry approve it. */
export function showCreditsIssuedToast(issued: { nftId: string; creditAmount: number; projectId: string }): void {
  showSuccessToast(
    'Credits Issued Successfully',
    `NFT ${issued.nftId.slice(0, 16)}... filed ${formatCount(issued.creditAmount, 'credit')} for verification under project ${issued.projectId}; they are paid as NXCC once the registry approves them.`,
  );
}

export function showTradeExecutedToast(txHash: string): void {
  showSuccessToast('Trade Executed via XRPL AMM', `Transaction ${txHash.slice(0, 16)}...`);
}

export function showCreditsRetiredToast(burned: number): void {
  // A fixed product text: 'Burned 1 tokens' stays as it is.
  showSuccessToast('Credits Retired Successfully', `Burned ${burned} tokens`);
}

/**
 * The NXCC payment is the platform's, after the serials went into the vault: the ledger may still
 * refuse it, and then the serials go back to the holder.
 */
export function showCreditsTokenizedToast(tokenized: { amount: number; tokenId: string; paymentResult: string; paymentTxHash?: string | undefined }): void {
  const moved = `${formatCount(tokenized.amount, 'credit')} of ${tokenized.tokenId} ${pluralWord(tokenized.amount, 'is', 'are')} in the vault`;
  if (tokenized.paymentTxHash) {
    showSuccessToast('Credits Tokenized', `${moved}; NXCC payment ${tokenized.paymentTxHash.slice(0, 16)}...`);
  } else if (tokenized.paymentResult === 'tesSUCCESS') {
    showSuccessToast('Credits Tokenized', `${moved}; the NXCC payment awaits validation.`);
  } else {
    showFailureToast('Tokenization Failed', `The NXCC payment was not applied (${tokenized.paymentResult}); the credits go back to your registry account.`);
  }
}

export function showCreditsRedeemedToast(redeemed: { redeemed: number; tokenId: string; txHash: string }): void {
  showSuccessToast('Credits Redeemed', `${redeemed.redeemed} NXCC redeemed for credits of ${redeemed.tokenId}; transaction ${redeemed.txHash.slice(0, 16)}...`);
}

// Not a product-defined text: signing happens in the browser (seeds never reach the server), so a seed can be wrong here.
export function showInvalidSeedToast(): void {
  showFailureToast('Invalid Wallet Seed', 'The wallet seed is not a valid XRPL seed');
}

export function showSeedMismatchToast(walletAddress: string, expectedAddress: string): void {
  showFailureToast('Wrong Wallet Seed', `The seed signs for ${walletAddress}, not for ${expectedAddress}. Enter the seed of the XRPL address you verified.`);
}
