import { randomBytes } from 'node:crypto';
import type { IdentityScreening } from '../identity-screening.js';
import type { KycInquiry, KycProvider, KycVerificationOutcome, StartInquiryRequest, VerifyInquiryRequest } from './kyc-provider.port.js';

export const SANDBOX_TEMPLATE_ID = 'itmpl_sandbox_kyc';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789';

/**
 * The default provider: the built-in form stands in for the identity widget,
 * so the identity is taken as given (the request already checked age, country
 * and document format) and the verdict rests on our screening.
 */
export class SandboxKycProvider implements KycProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly screening: IdentityScreening) {}

  async startInquiry(_request: StartInquiryRequest): Promise<KycInquiry> {
    const id = [...randomBytes(24)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return { inquiryId: `inq_${id}`, templateId: SANDBOX_TEMPLATE_ID, environment: 'sandbox', provider: 'sandbox' };
  }

  async verify(request: VerifyInquiryRequest): Promise<KycVerificationOutcome> {
    const { identity } = request;
    return {
      identity: 'verified',
      country: identity.country,
      screening: this.screening.screen({
        legalName: identity.legalName,
        country: identity.country,
        jurisdiction: request.jurisdiction,
        level: request.level,
      }),
    };
  }
}
