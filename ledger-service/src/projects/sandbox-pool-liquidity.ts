import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  bufferQuantityOf,
  bufferSharePercent,
  type CitedDocument,
  type CreditProjectType,
  defaultMethodologies,
  type DocumentKind,
  documentKindLabels,
  type EventStore,
  isXrplEvent,
  MARKET_MAKER_ACCOUNT_ID,
  xrplSubmissionStreamId,
} from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { EVENT_STORE, RUNTIME } from '../infrastructure/tokens.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { poolDepositKey, SANDBOX_POOL } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { type CommandContext, commandEventId, deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { textPdf } from '../shared/pdf/text-pdf.js';
import { DecideProjectCommand } from './commands/decide-project.handler.js';
import { DocumentStore } from './documents/document-store.js';
import { issuanceBatchId, type Party, type ProjectCommand, type VerifierParty } from './project.decider.js';

/** The sandbox pool's opening credits: a project of their own, through the same lifecycle as every credit. */
const POOL_PROJECT = { type: 'Reforestation' as CreditProjectType, name: 'XRP/NXCC pool liquidity (sandbox)', hostCountry: 'US' } as const;

/**
 * The three parties of the sandbox pool's project. They exist only on a sandbox ledger (one the
 * service provisions from its genesis seed), are no users and cannot sign in; each is of an
 * organisation of its own, so the decider's conflict-of-interest rules hold for them as for anyone.
 */
export const SANDBOX_POOL_PARTIES = {
  proponent: { userId: MARKET_MAKER_ACCOUNT_ID, organisation: 'Platform market making (sandbox)' },
  verifier: { userId: 'sandbox-verifier', organisation: 'Sandbox verification body', name: 'Sandbox verifier', accreditedFor: [POOL_PROJECT.type] },
  registry: { userId: 'sandbox-registry', organisation: 'Sandbox registry' },
} as const satisfies { proponent: Party; verifier: VerifierParty; registry: Party };

/** How many credits to claim so that, less the buffer pool's share, `wanted` remain. */
export function claimLeaving(wanted: number, sharePercent: number): number {
  let claim = wanted;
  while (claim - bufferQuantityOf(claim, sharePercent) < wanted) claim += 1;
  return claim;
}

/**
 * The sandbox pool's opening NXCC are backed like any NXCC (docs/vault.md), by credits
 * that exist like any credit (docs/registry.md): once the issuer's opening deposit to the market
 * maker is validated, a sandbox project is drafted, validated, registered, reported, verified and
 * approved by the sandbox's own parties, citing generated documents that say what it is; the
 * issuance reaction issues its batch to the market maker, and the batch's credits go into the vault
 * with the deposit as their NXCC. Every id derives from the deposit, so every start and every
 * instance records it once; an install whose pool opened earlier is backed on its next start.
 */
@Injectable()
export class SandboxPoolLiquidity implements OnApplicationBootstrap {
  private readonly logger = new Logger('Vault');

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly documents: DocumentStore,
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
    const tokenizationId = deriveId(hash, 'pool-tokenization');
    const now = new Date(claim.data.claimedAt);
    const vintage = now.getUTCFullYear();
    const projectId = `POOL-${hash.slice(0, 12)}`;
    const reportId = deriveId(hash, 'pool-report');
    const batchId = issuanceBatchId(POOL_PROJECT.type, reportId, vintage, 'credits');
    const commandId = deriveId(hash, 'pool-backing');
    // Backed at an earlier start: one lookup by event id, rather than asking the ledger and walking the lifecycle again.
    const [backed] = (await this.eventStore.findEvents?.([commandEventId(commandId, 0)])) ?? [];
    if (backed) return;
    const found = await this.gateway.lookUp(hash);
    if (found.state !== 'validated' || found.outcome.result !== 'tesSUCCESS') return;

    await this.walkLifecycle(projectId, reportId, hash, now);
    await this.issued(batchId, vintage);
    try {
      await this.markets.execute(
        POOL_PROJECT.type,
        vintage,
        {
          type: 'TokenizeCredits',
          tokenizationId,
          batchId,
          accountId: MARKET_MAKER_ACCOUNT_ID,
          quantity: SANDBOX_POOL.credits,
          xrplAddress: marketMaker,
          requestedBy: 'platform',
          paymentTxHash: hash,
        },
        { commandId, correlationId: hash, causationId: claim.eventId, actor: { userId: 'platform', role: 'admin' }, now },
        () => undefined,
      );
    } catch (error) {
      // Tokenized before by another instance: its command id answered it as a replay, or the serials are in the vault already.
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`the pool's opening deposit was not tokenized: ${error.message}`);
      return;
    }
    this.logger.log(`the pool's opening ${SANDBOX_POOL.credits} NXCC are backed by ${batchId} in the vault`);
  }

  /** The project's lifecycle, each step under an id derived from the deposit: a step taken before is answered as a replay. */
  private async walkLifecycle(projectId: string, reportId: string, hash: string, now: Date): Promise<void> {
    const year = now.getUTCFullYear();
    const today = now.toISOString().slice(0, 10);
    const shares = { ...bufferSharePercent, ...this.config.BUFFER_SHARES };
    const claimed = claimLeaving(SANDBOX_POOL.credits, shares[POOL_PROJECT.type]);
    const { proponent, verifier, registry } = SANDBOX_POOL_PARTIES;
    const explain = [
      `The opening liquidity of the sandbox XRP/NXCC pool (${SANDBOX_POOL.credits} NXCC, deposit ${hash}).`,
      'This project exists only on a sandbox ledger the service provisions for itself; its parties are the sandbox’s own.',
      'A deployment on a real XRPL network has no such project.',
    ];
    const roles = { proponent: 'issuer', verifier: 'verifier', registry: 'registry' } as const;
    const steps: readonly [string, keyof typeof roles, ProjectCommand][] = [
      [
        'draft',
        'proponent',
        {
          type: 'DraftProject',
          proponent,
          details: {
            projectId,
            name: POOL_PROJECT.name,
            projectType: POOL_PROJECT.type,
            hostCountry: POOL_PROJECT.hostCountry,
            standard: 'Verra VCS',
            methodology: defaultMethodologies[POOL_PROJECT.type],
            location: 'XRPL sandbox',
            creditingPeriod: { start: `${year}-01-01`, end: `${year + 9}-12-31` },
            expectedAnnualQuantity: claimed,
            description: explain.join(' '),
            documents: [await this.document(projectId, 'project_design_document', explain, proponent.userId)],
          },
        },
      ],
      ['validation-request', 'proponent', { type: 'RequestValidation', actor: proponent, isAdmin: false, verifier }],
      [
        'validation',
        'verifier',
        {
          type: 'DecideValidation',
          actor: verifier,
          decision: 'validated',
          text: 'Sandbox project: validated by the sandbox verification body.',
          documents: [await this.document(projectId, 'validation_report', explain, verifier.userId)],
        },
      ],
      ['registration', 'registry', { type: 'DecideRegistration', actor: registry, decision: 'registered', reasons: '' }],
      [
        'report',
        'proponent',
        {
          type: 'FileMonitoringReport',
          actor: proponent,
          isAdmin: false,
          reportId,
          period: { start: `${year}-01-01`, end: today },
          claimed: [{ vintage: year, quantity: claimed }],
          mitigation: undefined,
          documents: [],
        },
      ],
      [
        'verification',
        'verifier',
        {
          type: 'DecideVerification',
          actor: verifier,
          reportId,
          decision: 'verified',
          verified: [{ vintage: year, quantity: claimed }],
          reasons: '',
          documents: [await this.document(projectId, 'verification_statement', explain, verifier.userId)],
        },
      ],
      ['approval', 'registry', { type: 'ReviewIssuance', actor: registry, reportId, decision: 'approved', reasons: '', bufferShares: shares }],
    ];
    for (const [step, who, command] of steps) {
      const commandId = deriveId(hash, `pool-project:${step}`);
      const actor = { userId: SANDBOX_POOL_PARTIES[who].userId, role: roles[who] };
      const context: CommandContext = { commandId, correlationId: hash, causationId: commandId, actor, now };
      await this.commands.execute(new DecideProjectCommand(projectId, command, context));
    }
  }

  /** Waits for the issuance reaction to issue the approved batch (up to a minute; else the next start goes on). */
  private async issued(batchId: string, vintage: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!(await this.markets.read(POOL_PROJECT.type, vintage, (state) => state.batches.has(batchId)))) {
      if (Date.now() > deadline) throw new Error(`the pool's batch ${batchId} was not issued within a minute of its approval`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async document(projectId: string, kind: DocumentKind, lines: readonly string[], owner: string): Promise<CitedDocument> {
    const title = `${documentKindLabels[kind]}: ${POOL_PROJECT.name}`;
    const bytes = await textPdf(
      [{ text: title, bold: true, size: 14, gap: 24 }, { text: 'Sandbox document, generated by the service.', gap: 20 }, ...lines.map((text) => ({ text }))],
      {
        title,
      },
    );
    const stored = await this.documents.put(bytes, 'application/pdf', owner);
    const [cited] = await this.documents.cite([{ sha256: stored.sha256, kind, name: `${projectId}-${kind.replaceAll('_', '-')}.pdf` }]);
    return cited!;
  }
}
