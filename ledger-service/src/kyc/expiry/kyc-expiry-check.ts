import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { ExclusiveJob } from '../../infrastructure/postgres/exclusive-job.js';
import type { ServiceRuntime } from '../../infrastructure/service-runtime.js';
import { READ_MODELS, RUNTIME } from '../../infrastructure/tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { ExpireKycCommand } from '../commands/expire-kyc.handler.js';
import { KycCredentialIssuer } from '../credentials/kyc-credential-issuer.js';

const BATCH = 500;

export interface KycExpiryCheckResult {
  readonly expired: string[];
  readonly credentialsIssued: string[];
}

/**
 * Periodically records KycExpired for verifications past their expiresAt, and
 * retries credentials that were deferred (address not on the ledger yet).
 * Each expiry's command id derives from the address and its expiresAt, so
 * overlapping runs or instances append it once; with several instances, one holds the
 * check and another takes it over when that one dies.
 */
@Injectable()
export class KycExpiryCheck implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('KYC');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<KycExpiryCheckResult> | undefined;
  private readonly job: ExclusiveJob;

  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly credentials: KycCredentialIssuer,
    @Inject(RUNTIME) runtime: ServiceRuntime,
  ) {
    this.job = new ExclusiveJob(
      'kyc-expiry-check',
      runtime.readModelConnection,
      () => undefined,
      (message) => this.logger.log(message),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.KYC_EXPIRY_CHECK_INTERVAL_MS === 0) return;
    this.job.start();
    this.timer = setInterval(() => {
      if (!this.job.held) return;
      void this.checkNow().catch((error: unknown) => this.logger.error(`KYC expiry check failed: ${error instanceof Error ? error.message : String(error)}`));
    }, this.config.KYC_EXPIRY_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.job.stop();
    await this.running?.catch(() => undefined);
  }

  checkNow(now = new Date()): Promise<KycExpiryCheckResult> {
    this.running ??= this.check(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(now: Date): Promise<KycExpiryCheckResult> {
    const due = await this.db
      .selectFrom('kyc_status')
      .select(['address', 'expires_at'])
      .where('kyc_status', '=', 'verified')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    const expired: string[] = [];
    for (const { address, expires_at: expiresAt } of due) {
      const commandId = deriveId(`kyc-expiry:${address}:${expiresAt?.toISOString() ?? ''}`, 'kyc-expired');
      try {
        const result = await this.commands.execute(
          new ExpireKycCommand(address, {
            commandId,
            correlationId: commandId,
            causationId: commandId,
            actor: { userId: 'kyc-expiry-check', role: 'compliance' },
            now,
          }),
        );
        // A replay means an earlier run recorded it; the read model has not caught up yet.
        if (!result.replayed) expired.push(address);
      } catch (error) {
        // The read model lagged behind a renewal or an earlier expiry; nothing is due.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (expired.length > 0) this.logger.log(`KYC expired for ${expired.length} address(es)`);

    const waiting = await this.db
      .selectFrom('kyc_status')
      .select('address')
      .where('kyc_status', '=', 'verified')
      .where('credential_tx_hash', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('verified_at')
      .limit(BATCH)
      .execute();
    const credentialsIssued: string[] = [];
    for (const { address } of waiting) {
      try {
        if ((await this.credentials.issueFor(address, { now })) === 'issued') credentialsIssued.push(address);
      } catch (error) {
        this.logger.warn(`KYC credential for ${address} not issued: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { expired, credentialsIssued };
  }
}
