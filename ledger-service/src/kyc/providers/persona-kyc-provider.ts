import { isIsoCountryCode } from '@carbon-ledger/contracts';
import { z } from 'zod';
import { DomainError } from '../../shared/domain-error.js';
import type { IdentityScreening } from '../identity-screening.js';
import type { KycInquiry, KycProvider, KycVerificationOutcome, StartInquiryRequest, VerifyInquiryRequest } from './kyc-provider.port.js';

/** The API version the response shapes below were written against. */
const PERSONA_VERSION = '2023-01-05';
const TIMEOUT_MS = 15_000;

const inquiryResponse = z.object({
  data: z.object({
    id: z.string().regex(/^inq_/),
    attributes: z.looseObject({
      status: z.string(),
      'name-first': z.string().nullish(),
      'name-middle': z.string().nullish(),
      'name-last': z.string().nullish(),
      'address-country-code': z.string().nullish(),
    }),
  }),
});

export interface PersonaOptions {
  readonly apiKey: string;
  readonly templateId: string;
  readonly baseUrl: string;
}

/**
 * Persona's inquiries API (POST /inquiries, GET /inquiries/{id}; JSON:API
 * bodies, bearer key, Persona-Version header). Not exercised by the tests here
 * (no key, no network): it maps Persona's inquiry status onto our verdict and
 * leaves sanctions screening and the risk score to our own screening, so both
 * providers decide by the same rules. The API key is never logged.
 */
export class PersonaKycProvider implements KycProvider {
  readonly name = 'persona' as const;

  constructor(
    private readonly options: PersonaOptions,
    private readonly screening: IdentityScreening,
  ) {}

  /** Persona keys name their environment: persona_sandbox_... or persona_production_... */
  private get environment(): KycInquiry['environment'] {
    return this.options.apiKey.startsWith('persona_sandbox_') ? 'sandbox' : 'production';
  }

  async startInquiry(request: StartInquiryRequest): Promise<KycInquiry> {
    const created = await this.call('POST', '/inquiries', {
      data: { attributes: { 'inquiry-template-id': this.options.templateId, 'reference-id': request.referenceId } },
    });
    return { inquiryId: created.data.id, templateId: this.options.templateId, environment: this.environment, provider: 'persona' };
  }

  async verify(request: VerifyInquiryRequest): Promise<KycVerificationOutcome> {
    const inquiry = await this.call('GET', `/inquiries/${encodeURIComponent(request.inquiryId)}`);
    const attributes = inquiry.data.attributes;
    const identity = verdictOf(attributes.status);
    // Screen the name Persona verified from the document when it has one.
    const verifiedName = [attributes['name-first'], attributes['name-middle'], attributes['name-last']].filter(Boolean).join(' ');
    const countryCode = attributes['address-country-code']?.toUpperCase() ?? '';
    const country = isIsoCountryCode(countryCode) ? countryCode : request.identity.country;
    return {
      identity,
      country,
      screening: this.screening.screen({
        legalName: verifiedName || request.identity.legalName,
        country,
        jurisdiction: request.jurisdiction,
        level: request.level,
      }),
    };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<z.infer<typeof inquiryResponse>> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'persona-version': PERSONA_VERSION,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new DomainError('ServiceUnavailable', 'The KYC provider cannot be reached; try again shortly');
    }
    if (response.status === 404) throw new DomainError('NotFound', 'The KYC provider does not know this inquiry');
    if (!response.ok) throw new DomainError('ServiceUnavailable', `The KYC provider answered ${response.status}; try again shortly`);
    const parsed = inquiryResponse.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new DomainError('ServiceUnavailable', 'The KYC provider answered in an unexpected shape');
    return parsed.data;
  }
}

/** Persona inquiry statuses: created, pending, completed, failed, expired, needs_review, approved, declined. */
function verdictOf(status: string): KycVerificationOutcome['identity'] {
  switch (status) {
    case 'approved':
    case 'completed':
      return 'verified';
    case 'needs_review':
      return 'review';
    case 'failed':
    case 'expired':
    case 'declined':
      return 'declined';
    default:
      throw new DomainError('Conflict', 'The identity verification is not finished yet; complete it, then verify again');
  }
}
