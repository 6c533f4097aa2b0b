import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DEFAULT_RETIREMENT_STANDARD,
  defaultMethodologies,
  type EventStore,
  isXrplEvent,
  MARKET_MAKER_ACCOUNT_ID,
  serialPrefixFor,
  tokenIdFor,
  xrplSubmissionStreamId,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { EVENT_STORE, RUNTIME } from '../../infrastructure/tokens.js';
import type { ServiceRuntime } from '../../infrastructure/service-runtime.js';
import { poolDepositKey, SANDBOX_POOL } from '../../infrastructure/xrpl/sandbox-provisioning.js';
import { XrplConnection } from '../../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { commandEventId, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

/** The project behind the sandbox pool's opening deposit. */
const POOL_PROJECT = { type: 'Reforestation', name: 'XRP/NXCC pool liquidity (sandbox)' } as const;

/**
 * The sandbox pool's opening NXCC are backed like any NXCC (ARCHITECTURE 5, "One truth"): once the
 * issuer's opening deposit to the market maker is validated, a registry batch of as many credits is
 * issued to the platform's market maker and tokenized into the vault in one decision, with that
 * payment as its NXCC. The ids derive from the payment, so every start and every instance records it
 * once; an install whose pool opened before the vault existed is backed on its next start.
 */
@Injectable()
export class BackPoolDeposit implements OnApplicationBootstrap {
  private readonly logger = new Logger('Vault');

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    private readonly connection: XrplConnection,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.runtime.xrpl.genesisSeed) return;
    void this.connection.ready
      .then(() => this.back())
      .catch((error: unknown) => this.logger.error(`backing the pool's opening deposit failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private async back(): Promise<void> {
    const marketMaker = this.gateway.wallets.market_maker.address;
    const claims = (await this.eventStore.readStream(xrplSubmissionStreamId(poolDepositKey(marketMaker)))).filter(isXrplEvent);
    const claim = claims.filter((event) => event.type === 'XrplSubmissionClaimed').at(-1);
    if (claim?.type !== 'XrplSubmissionClaimed') return;
    const hash = claim.data.hash;
    const commandId = deriveId(hash, 'pool-backing');
    // Backed at an earlier start: one lookup by event id, rather than asking the ledger and loading the market for a replay.
    const [backed] = (await this.eventStore.findEvents?.([commandEventId(commandId, 0)])) ?? [];
    if (backed) return;
    const found = await this.gateway.lookUp(hash);
    if (found.state !== 'validated' || found.outcome.result !== 'tesSUCCESS') return;
    const now = new Date(claim.data.claimedAt);
    const vintage = now.getUTCFullYear();
    const batchId = tokenIdFor(POOL_PROJECT.type, vintage, hash);
    try {
      await this.markets.execute(
        POOL_PROJECT.type,
        vintage,
        {
          type: 'IssueCredits',
          batch: {
            batchId,
            projectId: `POOL-${hash.slice(0, 12)}`,
            projectName: POOL_PROJECT.name,
            projectType: POOL_PROJECT.type,
            description: `Credits behind the NXCC the platform deposited in the XRP/NXCC pool (${hash})`,
            vintage,
            standard: DEFAULT_RETIREMENT_STANDARD,
            methodology: defaultMethodologies[POOL_PROJECT.type],
            scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
            quantity: SANDBOX_POOL.credits,
            serialPrefix: serialPrefixFor(batchId),
            accountId: MARKET_MAKER_ACCOUNT_ID,
            issuedBy: 'platform',
            xrplAddress: marketMaker,
            source: 'registry',
          },
          tokenize: { tokenizationId: deriveId(hash, 'pool-tokenization'), xrplAddress: marketMaker, requestedBy: 'platform', paymentTxHash: hash },
        },
        { commandId, correlationId: commandId, causationId: claim.eventId, actor: { userId: 'platform', role: 'admin' }, now },
        () => undefined,
      );
      this.logger.log(`the pool's opening ${SANDBOX_POOL.credits} NXCC are backed by ${batchId} in the vault`);
    } catch (error) {
      // Backed before (another instance, an earlier start): the batch is there.
      if (error instanceof DomainError && error.code === 'Conflict' && /already issued/.test(error.message)) return;
      throw error;
    }
  }
}
