export const kycJurisdictions = ['UAE', 'KSA', 'UK', 'US', 'EU'] as const;
export type KycJurisdiction = (typeof kycJurisdictions)[number];

/** basic: individual; enhanced: business; institutional: corporate. */
export const kycLevels = ['basic', 'enhanced', 'institutional'] as const;
export type KycLevel = (typeof kycLevels)[number];
export const kycLevelLabels: Record<KycLevel, string> = {
  basic: 'Individual',
  enhanced: 'Business',
  institutional: 'Corporate',
};

/** The KYC badge values; an expired verification answers not_started (with its past expiresAt). */
export const kycStatuses = ['verified', 'pending', 'rejected', 'not_started'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** cleared: screened without a match; pending: a near match waits for compliance review; rejected: a sanctions hit. */
export const amlStatuses = ['cleared', 'pending', 'rejected', 'not_started'] as const;
export type AmlStatus = (typeof amlStatuses)[number];

/** Result of screening a name against the sanctions list. */
export const amlScreeningResults = ['clear', 'potential_match', 'hit'] as const;
export type AmlScreeningResult = (typeof amlScreeningResults)[number];

export const kycRejectionReasons = ['sanctions_match', 'identity_declined'] as const;
export type KycRejectionReason = (typeof kycRejectionReasons)[number];

export const kycProviderNames = ['sandbox', 'persona'] as const;
export type KycProviderName = (typeof kycProviderNames)[number];
export const kycEnvironments = ['sandbox', 'production'] as const;
export type KycEnvironment = (typeof kycEnvironments)[number];

export { INVALID_XRPL_ADDRESS_MESSAGE, KYC_START_MIN_ADDRESS, KYC_STATUS_MIN_ADDRESS } from '../shared/xrpl-address.js';
export const COMPLIANCE_DASHBOARD_POLL_MS = 30_000;
export const KYC_MIN_AGE_YEARS = 18;
/** A risk score from here up sends a verification to compliance review instead of verifying it. */
export const KYC_REVIEW_RISK_SCORE = 70;

/** The XRPL credential a verified address receives, and its CredentialType as the ledger writes it (hex of the ASCII). */
export const KYC_CREDENTIAL_TYPE = 'KYC';
export const KYC_CREDENTIAL_TYPE_HEX = '4B5943';

/** Trading and issuing need a verified KYC and a passed AML screening ('verified' is accepted as the product's alias). */
export function kycPassed(status: { readonly kycStatus: string; readonly amlStatus: string }): boolean {
  return status.kycStatus === 'verified' && (status.amlStatus === 'cleared' || status.amlStatus === 'verified');
}

/** Countries (ISO 3166-1 alpha-2) each jurisdiction covers; an identity outside its jurisdiction is cross-border. */
export const kycJurisdictionCountries: Record<KycJurisdiction, readonly string[]> = {
  UAE: ['AE'],
  KSA: ['SA'],
  UK: ['GB'],
  US: ['US'],
  EU: [
    'AT',
    'BE',
    'BG',
    'HR',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
  ],
};
