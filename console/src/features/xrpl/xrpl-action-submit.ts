import { INVALID_XRPL_ADDRESS_MESSAGE, kycAddress, REQUIRED_FIELDS_MESSAGE } from '@carbon-ledger/contracts';
import type { ZodSafeParseResult } from 'zod';
import { isKycRefusal } from '../../shared/api/kyc-refusal';
import { InvalidSeedError } from '../../shared/xrpl/seed-wallet';
import { SeedAddressMismatchError, signerFromSeed } from './signing/browser-signer';
import type { SignedActionInput } from './xrpl-signed-action';
import {
  showInvalidSeedToast,
  showSeedMismatchToast,
  showXrplActionFailedToast,
  showXrplKycRequiredToast,
  showXrplValidationToast,
  type XrplAction,
} from './xrpl-toasts';

/** What the /xrpl route gives each action form. */
export interface XrplActionFormProps {
  /** The KYC-checked address that signs. */
  xrplAddress: string;
  /** Whether the address passed the checks this action needs (issuing: KYC and AML; trading, retiring: KYC). */
  kycPassed: boolean;
  /** Opens the KYC modal. */
  onKycRequired: () => void;
  /** Trade and retire: the platform's NXCC issuer, offered until the user types another. */
  platformIssuer?: string;
}

/** The XRPL actions' address toast. */
export const XRPL_ADDRESS_MESSAGE = 'Please enter a valid XRPL address';
/** The product's rule: an XRPL action needs an address of at least 25 characters. */
export const MIN_ACTION_ADDRESS_LENGTH = 25;

/** A registry batch's token id, as the vault forms hint it. */
export const TOKEN_ID_EXAMPLE = 'SOLAR-2026-7F3A9C21';

export function hasActionAddress(address: string): boolean {
  return address.trim().length >= MIN_ACTION_ADDRESS_LENGTH;
}

/** A form field that may be empty: '' (or anything not a finite number) is missing. */
export function numberOrMissing(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function problemOf(parsed: ZodSafeParseResult<unknown>): string {
  const message = parsed.error?.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE;
  return message === INVALID_XRPL_ADDRESS_MESSAGE ? XRPL_ADDRESS_MESSAGE : message;
}

export interface SignedActionSubmit<Request, Result> {
  readonly action: XrplAction;
  readonly xrplAddress: string;
  readonly kycPassed: boolean;
  /** Stays in the browser: it only builds the signer. */
  readonly seed: string;
  /** The form checked against the request schema; it never holds the seed. */
  readonly parsed: ZodSafeParseResult<Request>;
  readonly mutate: (input: SignedActionInput<Request>, callbacks: { onSuccess: (result: Result) => void; onError: (error: Error) => void }) => void;
  readonly onKycRequired: () => void;
  readonly onSuccess: (result: Result) => void;
}

/**
 * The product's checks in their order (address, KYC, required fields), then
 * prepare -> sign in the browser -> submit, and the failure toasts of `xrpl-toasts.tsx`.
 */
export function submitSignedAction<Request, Result>(submit: SignedActionSubmit<Request, Result>): void {
  const { action, xrplAddress, kycPassed, seed, parsed, onKycRequired } = submit;
  if (!hasActionAddress(xrplAddress) || !kycAddress.safeParse(xrplAddress).success) {
    showXrplValidationToast(XRPL_ADDRESS_MESSAGE);
    return;
  }
  if (!kycPassed) {
    showXrplKycRequiredToast(action);
    onKycRequired();
    return;
  }
  if (seed.trim() === '') {
    showXrplValidationToast(REQUIRED_FIELDS_MESSAGE);
    return;
  }
  if (!parsed.success) {
    showXrplValidationToast(problemOf(parsed));
    return;
  }
  const address = xrplAddress.trim();
  submit.mutate(
    { request: parsed.data, loadSigner: () => signerFromSeed(seed, address) },
    {
      onSuccess: submit.onSuccess,
      onError: (error) => {
        if (error instanceof InvalidSeedError) showInvalidSeedToast();
        else if (error instanceof SeedAddressMismatchError) showSeedMismatchToast(error.walletAddress, error.expectedAddress);
        else if (isKycRefusal(error)) {
          showXrplKycRequiredToast(action);
          onKycRequired();
        } else showXrplActionFailedToast(action, error);
      },
    },
  );
}
