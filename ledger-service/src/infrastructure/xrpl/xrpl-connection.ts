import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { jobLockKey } from '../postgres/exclusive-job.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import { RUNTIME } from '../tokens.js';
import type { ServiceRuntime } from '../service-runtime.js';
import { provisionSandbox } from './sandbox-provisioning.js';
import { publishSandboxUrl, withdrawSandboxUrl } from './sandbox-url-file.js';
import type { XrplGateway } from './xrpl-gateway.js';
import { XRPL_GATEWAY } from './xrpl.tokens.js';

/**
 * Connects in the background so the service starts even when the ledger is out
 * of reach; in the sandbox, then sets up the wallets and the pool where missing.
 */
/** Tries at setting up the sandbox's wallets and pool before giving up (about 20 s of pauses in all). */
const PROVISIONING_ATTEMPTS = 8;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

@Injectable()
export class XrplConnection implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('XRPL');
  /** Settles once connected (and, in the sandbox, provisioned). */
  ready: Promise<void> = Promise.resolve();

  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly submissions: PlatformSubmissions,
  ) {}

  onApplicationBootstrap(): void {
    // The in-process sandbox listens on a port of its own choosing; tools find it here.
    if (this.inProcessSandbox) publishSandboxUrl(this.runtime.config.dataDir, this.runtime.xrpl.url);
    this.ready = (async () => {
      await this.gateway.connect();
      const genesis = this.runtime.xrpl.genesisSeed;
      if (!genesis) return;
      // Each step checks the ledger first, so a try after a failure (a transaction that expired on a
      // busy machine, say) finishes what the last one left; what waits for `ready` (the faucets) would
      // otherwise pay an address that does not exist yet (tecNO_DST).
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.oneInstanceAtATime(() => provisionSandbox(this.gateway, this.submissions, genesis));
          return;
        } catch (error) {
          if (attempt >= PROVISIONING_ATTEMPTS) throw error;
          this.logger.warn(`setting up the XRPL wallets failed (try ${attempt} of ${PROVISIONING_ATTEMPTS}), trying again: ${errorText(error)}`);
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    })().catch((error: unknown) => {
      this.logger.error(`setting up the XRPL wallets failed: ${errorText(error)}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.inProcessSandbox) withdrawSandboxUrl(this.runtime.config.dataDir, this.runtime.xrpl.url);
    await this.gateway.close();
  }

  /**
   * Instances starting together on one sandbox provision one after the other (each step checks the
   * ledger first, so the later ones find it done): funding from the genesis account is no claimed
   * submission and would otherwise be paid twice. The lock goes with its connection if this process dies.
   */
  private async oneInstanceAtATime(provision: () => Promise<void>): Promise<void> {
    const client = new pg.Client(this.runtime.readModelConnection);
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [jobLockKey('xrpl-sandbox-provisioning')]);
      await provision();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private get inProcessSandbox(): boolean {
    return this.runtime.xrpl.genesisSeed !== undefined && !this.runtime.config.XRPL_URL;
  }
}
