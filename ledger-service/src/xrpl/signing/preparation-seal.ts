import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { type PreparedXrplTransaction, type XrplAction, xrplActions } from '@carbon-ledger/contracts';
import { z } from 'zod';
import { DomainError } from '../../shared/domain-error.js';

/** What the service prepared, for whom and until when; `data` carries the action's form and choices. */
export interface Preparation<Data> {
  readonly action: XrplAction;
  readonly userId: string;
  readonly xrplAddress: string;
  readonly transactions: readonly PreparedXrplTransaction[];
  readonly data: Data;
  readonly expiresAt: string;
}

const sealedContents = z.object({
  v: z.literal(1),
  action: z.enum(xrplActions),
  userId: z.string(),
  xrplAddress: z.string(),
  // A tokenization of an address that has its NXCC trust line needs no signature.
  transactions: z.array(z.record(z.string(), z.unknown())),
  data: z.unknown(),
  expiresAt: z.iso.datetime(),
});

const ALTERED = 'The preparation was altered or was not issued by this service; prepare the transaction again';

/**
 * Seals a preparation as base64url(JSON) + '.' + HMAC-SHA256, so the console can
 * carry it between prepare and submit without the service keeping state, and
 * cannot change a field of it (form, transactions, owner, expiry) unnoticed.
 */
export class PreparationSeal {
  private constructor(private readonly key: Buffer) {}

  /**
   * The key is derived (HKDF) from a secret the service already keeps, so every
   * instance configured with the same platform wallets accepts the same tokens.
   */
  static derivedFrom(secret: string): PreparationSeal {
    return new PreparationSeal(Buffer.from(hkdfSync('sha256', secret, 'carbon-ledger', 'xrpl-preparation-token/v1', 32)));
  }

  seal(preparation: Preparation<unknown>): string {
    const body = Buffer.from(JSON.stringify({ v: 1, ...preparation })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** Opens a token the signed-in user submits for `action`; every refusal says what to do next. */
  open<Data>(token: string, expected: { action: XrplAction; userId: string; now: Date }, dataSchema: z.ZodType<Data>): Preparation<Data> {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length > 0 || !this.macMatches(body, mac)) throw new DomainError('ValidationFailed', ALTERED);
    let contents: z.infer<typeof sealedContents>;
    let data: Data;
    try {
      contents = sealedContents.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      data = dataSchema.parse(contents.data);
    } catch {
      throw new DomainError('ValidationFailed', ALTERED);
    }
    if (contents.action !== expected.action) {
      throw new DomainError('ValidationFailed', `This preparation is for ${contents.action}, not ${expected.action}; prepare the ${expected.action} again`);
    }
    if (contents.userId !== expected.userId) throw new DomainError('Forbidden', 'This preparation was made for another user');
    if (Date.parse(contents.expiresAt) <= expected.now.getTime()) {
      throw new DomainError('ValidationFailed', 'The preparation has expired; prepare the transaction again');
    }
    return { ...contents, data };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  private macMatches(body: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
