import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ADDRESS_CHALLENGE_TTL_MS, type AddressChallengeResponse } from '@carbon-ledger/contracts';
import type { ColumnType, Kysely } from 'kysely';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { DomainError } from '../../shared/domain-error.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface AddressChallengesDatabase {
  kyc_address_challenges: {
    challenge_id: string;
    user_id: string;
    address: string;
    message: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    used_at: Timestamp | null;
  };
}

/** Open challenges one user may hold at once; beyond it the oldest are dropped. */
const OPEN_PER_USER = 20;

/** The text the address's key signs: who asks, for which address, and until when, so a signature is good for nothing else. */
export function addressChallengeMessage(input: { address: string; userId: string; nonce: string; expiresAt: Date }): string {
  return [
    'Carbon Ledger: prove control of an XRPL address for KYC.',
    `Address: ${input.address}`,
    `User: ${input.userId}`,
    `Nonce: ${input.nonce}`,
    `Expires: ${input.expiresAt.toISOString()}`,
  ].join('\n');
}

/** Server challenges bound to one user and one address, expiring, used at most once (PostgreSQL, so any instance can check them). */
@Injectable()
export class AddressChallenges {
  private readonly db: Kysely<AddressChallengesDatabase>;

  constructor(@Inject(READ_MODELS) readModels: Kysely<unknown>) {
    this.db = readModels as unknown as Kysely<AddressChallengesDatabase>;
  }

  async issue(userId: string, address: string, now = new Date()): Promise<AddressChallengeResponse> {
    const challengeId = randomUUID();
    const expiresAt = new Date(now.getTime() + ADDRESS_CHALLENGE_TTL_MS);
    const message = addressChallengeMessage({ address, userId, nonce: randomBytes(16).toString('hex'), expiresAt });
    await this.db
      .insertInto('kyc_address_challenges')
      .values({ challenge_id: challengeId, user_id: userId, address, message, created_at: now, expires_at: expiresAt })
      .execute();
    await this.db.deleteFrom('kyc_address_challenges').where('expires_at', '<', now).execute();
    await this.db
      .deleteFrom('kyc_address_challenges')
      .where('user_id', '=', userId)
      .where('challenge_id', 'not in', (db) =>
        db.selectFrom('kyc_address_challenges').select('challenge_id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(OPEN_PER_USER),
      )
      .execute();
    return { challengeId, message, expiresAt: expiresAt.toISOString() };
  }

  /** The text of an open challenge of this user for this address, without using it up. */
  async open(challengeId: string, userId: string, address: string, now = new Date()): Promise<string> {
    const row = await this.db
      .selectFrom('kyc_address_challenges')
      .select(['message', 'used_at', 'expires_at'])
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .executeTakeFirst();
    if (!row) throw new DomainError('Forbidden', 'Unknown challenge for this address; ask for a new one');
    if (row.used_at !== null) throw new DomainError('Forbidden', 'This challenge was already used; ask for a new one');
    if (row.expires_at <= now) throw new DomainError('Forbidden', 'This challenge has expired; ask for a new one');
    return row.message;
  }

  /** Uses the challenge up; one statement, so of two concurrent uses only one succeeds. */
  async consume(challengeId: string, userId: string, address: string, now = new Date()): Promise<void> {
    const used = await this.db
      .updateTable('kyc_address_challenges')
      .set({ used_at: now })
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new DomainError('Forbidden', 'This challenge was already used; ask for a new one');
  }
}
