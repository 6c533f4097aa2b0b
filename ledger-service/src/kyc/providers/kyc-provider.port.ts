import type { AmlScreeningResult, IsoCountryCode, KycEnvironment, KycJurisdiction, KycLevel, KycProviderName, SanctionsMatch } from '@carbon-ledger/contracts';

export interface KycInquiry {
  readonly inquiryId: string;
  readonly templateId: string;
  readonly environment: KycEnvironment;
  readonly provider: KycProviderName;
}

export interface StartInquiryRequest {
  readonly address: string;
  readonly level: KycLevel;
  readonly jurisdiction: KycJurisdiction | null;
  /** Our user id; providers group inquiries of one person by it. */
  readonly referenceId: string;
}

/** What the built-in form collects. The document number goes to the provider only; it is never stored or logged. */
export interface IdentitySubmission {
  readonly legalName: string;
  readonly dateOfBirth: string;
  readonly country: IsoCountryCode;
  readonly documentNumber: string;
}

export interface VerifyInquiryRequest {
  readonly inquiryId: string;
  readonly address: string;
  readonly level: KycLevel;
  readonly jurisdiction: KycJurisdiction | null;
  readonly identity: IdentitySubmission;
}

export interface KycScreeningOutcome {
  readonly result: AmlScreeningResult;
  readonly riskScore: number;
  readonly matches: SanctionsMatch[];
  readonly listName: string;
  readonly listEntries: number;
}

export interface KycVerificationOutcome {
  /** The provider's verdict on the identity itself (documents, liveness, data checks). */
  readonly identity: 'verified' | 'review' | 'declined';
  readonly country: IsoCountryCode;
  readonly screening: KycScreeningOutcome;
}

/** An identity-verification provider: opens an inquiry, then reports its outcome. */
export interface KycProvider {
  readonly name: KycProviderName;
  startInquiry(request: StartInquiryRequest): Promise<KycInquiry>;
  verify(request: VerifyInquiryRequest): Promise<KycVerificationOutcome>;
}

export const KYC_PROVIDER = Symbol('KYC_PROVIDER');
