import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { AuthDatabase } from './auth-database.js';
import { AUTH_DB } from './auth.tokens.js';

/** How failures of one kind slow further attempts: `free` failures cost nothing, the next waits `firstDelayMs`, each one more doubles it, up to `maxDelayMs`. */
export interface ThrottleRule {
  readonly free: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export interface LoginThrottleRules {
  /** One account from one address: a guesser slows down, the owner elsewhere does not. */
  readonly accountAtAddress: ThrottleRule;
  /** One address across accounts (password spraying); generous, since many users may share an address. */
  readonly address: ThrottleRule;
  /** Failures older than this are forgotten. */
  readonly windowMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleRules = {
  accountAtAddress: { free: 4, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 },
  address: { free: 30, firstDelayMs: 1_000, maxDelayMs: 60_000 },
  windowMs: 15 * 60_000,
};

export const delayAfterFailures = (rule: ThrottleRule, failures: number): number =>
  failures <= rule.free ? 0 : Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free - 1));

const accountKey = (account: string, address: string): string => `account-at-address:${account}|${address}`;
const addressKey = (address: string): string => `address:${address}`;

/**
 * Growing delays on failed sign-ins (OWASP ASVS 2.2.1) instead of locking an account: failures
 * count per account-and-address and per address, in PostgreSQL so every instance sees them.
 * Nobody can lock another person out from elsewhere: the owner's address has its own count.
 */
@Injectable()
export class LoginThrottle {
  private readonly rules: LoginThrottleRules = DEFAULT_LOGIN_THROTTLE;

  constructor(@Inject(AUTH_DB) private readonly db: Kysely<AuthDatabase>) {}

  /** Milliseconds until this account may be tried again from this address; 0 when it may now. */
  async waitMs(account: string, address: string, now = new Date()): Promise<number> {
    const rows = await this.db
      .selectFrom('auth_login_throttle')
      .select('blocked_until')
      .where('throttle_key', 'in', [accountKey(account, address), addressKey(address)])
      .where('blocked_until', '>', now)
      .execute();
    return Math.max(0, ...rows.map((row) => row.blocked_until.getTime() - now.getTime()));
  }

  async recordFailure(account: string, address: string, now = new Date()): Promise<void> {
    await this.bump(accountKey(account, address), this.rules.accountAtAddress, now);
    await this.bump(addressKey(address), this.rules.address, now);
  }

  /** The right password from this address: its guesses for this account are forgotten (the address count is not). */
  async recordSuccess(account: string, address: string): Promise<void> {
    await this.db.deleteFrom('auth_login_throttle').where('throttle_key', '=', accountKey(account, address)).execute();
  }

  /** One statement, so concurrent failures on several instances all count. */
  private async bump(key: string, rule: ThrottleRule, now: Date): Promise<void> {
    const forgottenBefore = new Date(now.getTime() - this.rules.windowMs);
    const failures = sql<number>`case when t.last_failure_at < ${forgottenBefore} then 1 else t.failures + 1 end`;
    const delayMs = sql<number>`least(${rule.maxDelayMs}::float8, case when ${failures} <= ${rule.free} then 0 else ${rule.firstDelayMs}::float8 * power(2, ${failures} - ${rule.free} - 1) end)`;
    await sql`
      insert into auth_login_throttle as t (throttle_key, failures, last_failure_at, blocked_until)
      values (${key}, 1, ${now}, ${new Date(now.getTime() + delayAfterFailures(rule, 1))})
      on conflict (throttle_key) do update set
        failures = ${failures},
        last_failure_at = ${now},
        blocked_until = ${now}::timestamptz + make_interval(secs => ${delayMs} / 1000)`.execute(this.db);
    // Keys nobody failed on for a window are dropped as the table is used.
    await this.db.deleteFrom('auth_login_throttle').where('last_failure_at', '<', forgottenBefore).execute();
  }
}
