import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
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
      if (genesis) await provisionSandbox(this.gateway, this.submissions, genesis);
    })().catch((error: unknown) => {
      this.logger.error(`setting up the XRPL wallets failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.inProcessSandbox) withdrawSandboxUrl(this.runtime.config.dataDir, this.runtime.xrpl.url);
    await this.gateway.close();
  }

  private get inProcessSandbox(): boolean {
    return this.runtime.xrpl.genesisSeed !== undefined && !this.runtime.config.XRPL_URL;
  }
}
