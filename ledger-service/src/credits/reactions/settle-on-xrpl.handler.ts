import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CreditsIssued,
  type CreditsRetired,
  type CreditsTokenized,
  isCreditEvent,
  marketOfTokenId,
  type RecordedEvent,
  type XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import { convertStringToHex, getNFTokenID } from 'xrpl';
import { batchSummary, describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { retirementMemoJson } from '../retirement-memo.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import { payTokenization } from '../../shared/vault-payments.js';

type SettlementTx = XrplSettlementRecorded['data']['transactions'][number];

/** NFTokenMint flags: burnable by the issuer (1) and transferable (8). */
const NFT_FLAGS = 1 | 8;
const NFT_TAXON = 2026;

/** The causes of the issuer wallet's settlement transactions: one transaction each. */
export const settlementKeys = {
  mint: (batchId: string) => `settlement-mint:${batchId}`,
  retirementMemo: (retirementId: string) => `retirement-memo:${retirementId}`,
  nftBurn: (nftId: string) => `nft-burn:${nftId}`,
};

/** Events per batch: settlements of different credit batches run side by side, so a batch fills ledgers. */
const SETTLEMENT_BATCH = 200;
/**
 * Batches in flight: the next batch's claims and submissions go out while the one before waits for
 * its ledger, so a retirement waits for about one validation, not for the batches ahead of it.
 */
const SETTLEMENT_PIPELINE = 3;

/**
 * Mirrors registry changes on XRPL with the platform issuer wallet:
 * - CreditsIssued (registry path): mints the batch NFT (URI = hash of the batch
 *   certificate: project, vintage, serial range). No NXCC: NXCC exist only for serials
 *   in the vault (docs/vault.md), so a holder tokenizes to get them;
 * - CreditsTokenized: pays the NXCC to the holder's address (unless the tokenization
 *   came with its payment); a payment the ledger refuses sends the serials back
 *   (CreditsRedeemed, payment-refused), so the vault never holds unpaid serials for long;
 * - CreditsRetired: an on-ledger retirement memo (AccountSet with a memo naming
 *   beneficiary, purpose and serials), and the NFT burn once the batch is fully
 *   retired; a retirement the holder already burned on XRPL is recorded as is.
 * Each outcome is recorded as XrplSettlementRecorded in the market stream. While
 * XRPL is unreachable the reaction stops and retries (nothing is skipped). Every
 * transaction is claimed under its cause (settlementKeys, tokenizationPaymentKey) before
 * it is submitted, so a replay — after a crash between submit and record, or from an
 * older checkpoint — finds it on the ledger instead of submitting it again.
 */
@Injectable()
@LogReaction()
export class SettleOnXrpl implements Reaction {
  readonly name = 'settle-credits-on-xrpl';
  readonly eventTypes: ReadonlySet<string> = new Set(['CreditsIssued', 'CreditsTokenized', 'CreditsRetired']);
  private readonly logger = new Logger('CreditSettlement');

  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
  ) {}

  readonly batchSize = SETTLEMENT_BATCH;
  readonly pipelineDepth = SETTLEMENT_PIPELINE;
  /** Issuance and tokenization settlements of batches still in flight, by credit batch: a retirement of a later batch waits for them. */
  private readonly minting = new Map<string, Promise<unknown>>();

  /**
   * Settles the batch's events with their transactions in flight together (the platform wallet
   * submits consecutive sequences without waiting for each to validate): first the issuances and
   * tokenizations, then the retirements, which may burn an NFT an issuance of the same batch minted.
   */
  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    const credits = events.filter(isCreditEvent);
    const first = credits.filter((event) => event.type === 'CreditsIssued' || event.type === 'CreditsTokenized');
    const retirements = credits.filter((event) => event.type === 'CreditsRetired');
    // Batches overlap (pipelineDepth): what this batch mints, a retirement of a later batch may burn.
    const minting = this.settleTogether(first);
    const batchIds = new Set(first.map((event) => event.data.batchId));
    for (const batchId of batchIds) this.minting.set(batchId, minting);
    try {
      await minting;
    } finally {
      for (const batchId of batchIds) if (this.minting.get(batchId) === minting) this.minting.delete(batchId);
    }
    const earlier = [...new Set(retirements.map((event) => this.minting.get(event.data.batchId)))].filter((pending) => pending !== undefined);
    await Promise.allSettled(earlier);
    await this.settleTogether(retirements);
  }

  private async settleTogether(events: readonly RecordedEvent[]): Promise<void> {
    const settled = await Promise.allSettled(events.map((event) => this.handle(event)));
    // Every settlement ran to its end before the batch fails: what was submitted is claimed, a replay finds it.
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (!isCreditEvent(event)) return;
    // The xrpl path's issuer minted and was paid already; register-xrpl-actions records that.
    if (event.type === 'CreditsIssued' && event.data.source === 'registry') await this.settleIssuance(event, event.data);
    if (event.type === 'CreditsTokenized') await this.settleTokenization(event, event.data);
    if (event.type === 'CreditsRetired') await this.settleRetirement(event, event.data);
  }

  private async alreadySettled(batchId: string, key: string): Promise<boolean> {
    const market = marketOfTokenId(batchId);
    if (!market) return true;
    return this.markets.read(market.projectType, market.vintage, (state) => state.batches.get(batchId)?.settled.has(key) ?? false);
  }

  private async settleIssuance(event: RecordedEvent, data: CreditsIssued['data']): Promise<void> {
    if (await this.alreadySettled(data.batchId, `issuance:${data.batchId}`)) return;
    const transactions: SettlementTx[] = [];
    let nftId = data.nftId;
    if (data.mintTxHash) transactions.push({ purpose: 'mint', hash: data.mintTxHash, result: 'tesSUCCESS' });
    if (!nftId) {
      const certificate = createHash('sha256')
        .update(JSON.stringify({ tokenId: data.batchId, project: data.projectName, vintage: data.vintage, serials: [data.serialPrefix, 1, data.quantity] }))
        .digest('hex');
      const uri = convertStringToHex(`nxcc:${data.batchId}:${certificate}`).toUpperCase();
      // A mint submitted before (a crash, a replay) is found by its claim, with the NFT id in its metadata.
      const minted = await this.attempt('mint', () =>
        this.submissions.submit({
          key: settlementKeys.mint(data.batchId),
          role: 'issuer',
          transaction: { TransactionType: 'NFTokenMint', Account: '', NFTokenTaxon: NFT_TAXON, Flags: NFT_FLAGS, URI: uri },
          purpose: `batch NFT of ${data.batchId}`,
        }),
      );
      if ('error' in minted)
        return this.record(event, data.batchId, { subject: 'issuance', subjectId: data.batchId, status: 'failed', transactions, reason: minted.error });
      transactions.push({ purpose: 'mint', hash: minted.hash, result: minted.result });
      nftId = minted.meta ? getNFTokenID(minted.meta) : undefined;
    }
    await this.record(event, data.batchId, { subject: 'issuance', subjectId: data.batchId, status: 'settled', ...(nftId ? { nftId } : {}), transactions });
  }

  private async settleTokenization(event: RecordedEvent, data: CreditsTokenized['data']): Promise<void> {
    if (await this.alreadySettled(data.batchId, `tokenization:${data.tokenizationId}`)) return;
    const settlement = { subject: 'tokenization' as const, subjectId: data.tokenizationId };
    if (data.paymentTxHash) {
      return this.record(event, data.batchId, {
        ...settlement,
        status: 'settled',
        transactions: [{ purpose: 'payment', hash: data.paymentTxHash, result: 'tesSUCCESS' }],
      });
    }
    const paid = await payTokenization(this.submissions, this.gateway.wallets.issuer.address, data);
    if (paid.result === 'tesSUCCESS' && paid.validated) {
      return this.record(event, data.batchId, {
        ...settlement,
        status: 'settled',
        transactions: [{ purpose: 'payment', hash: paid.hash, result: paid.result }],
      });
    }
    // Serials without their NXCC would leave the vault over-backed for good: they go back to the holder.
    this.logger.warn(`the NXCC payment of tokenization ${data.tokenizationId} was refused (${paid.result}); its serials go back to ${data.accountId}`);
    await this.returnToHolder(event, data);
    await this.record(event, data.batchId, {
      ...settlement,
      status: 'failed',
      transactions: [{ purpose: 'payment', hash: paid.hash, result: paid.result }],
      reason: `The NXCC payment to ${data.xrplAddress} was not applied (${paid.result}); the credits went back to the holder`,
    });
  }

  private async returnToHolder(event: RecordedEvent, data: CreditsTokenized['data']): Promise<void> {
    const market = marketOfTokenId(data.batchId);
    if (!market) return;
    const commandId = deriveId(event.eventId, 'vault-return');
    await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'RedeemCredits',
        redemptionId: deriveId(event.eventId, 'redemption'),
        accountId: data.accountId,
        xrplAddress: data.xrplAddress,
        quantity: data.quantity,
        batchId: data.batchId,
        reason: 'payment-refused',
        tokenizationId: data.tokenizationId,
      },
      { commandId, correlationId: event.metadata.correlationId, causationId: event.eventId, actor: { userId: 'platform', role: 'admin' }, now: new Date() },
      () => undefined,
    );
  }

  private async settleRetirement(event: RecordedEvent, data: CreditsRetired['data']): Promise<void> {
    if (await this.alreadySettled(data.batchId, `retirement:${data.retirementId}`)) return;
    const settlement = { subject: 'retirement' as const, subjectId: data.retirementId };
    if (data.burnTxHash) {
      const transactions: SettlementTx[] = [{ purpose: 'burn', hash: data.burnTxHash, result: 'tesSUCCESS' }];
      if (data.nftBurnTxHash) transactions.push({ purpose: 'nft-burn', hash: data.nftBurnTxHash, result: 'tesSUCCESS' });
      return this.record(event, data.batchId, { ...settlement, status: 'settled', transactions });
    }
    const market = marketOfTokenId(data.batchId);
    if (!market) return;
    const { serials, nftId, fullyRetired } = await this.markets.read(market.projectType, market.vintage, (state) => {
      const batch = state.batches.get(data.batchId);
      const summary = batchSummary(state, data.batchId);
      return {
        serials: describeRanges(state, data.ranges),
        nftId: batch?.nftId,
        fullyRetired: batch !== undefined && summary.retired === batch.quantity,
      };
    });
    const memo = retirementMemoJson({
      retirementId: data.retirementId,
      tokenId: data.batchId,
      quantity: data.quantity,
      beneficiary: data.beneficiary,
      purpose: data.purpose,
      serials,
    });
    const memoTx = await this.attempt('retirement memo', () =>
      this.submissions.submit({
        key: settlementKeys.retirementMemo(data.retirementId),
        role: 'issuer',
        transaction: {
          TransactionType: 'AccountSet',
          Account: '',
          Memos: [{ Memo: { MemoType: convertStringToHex('carbon-retirement'), MemoData: convertStringToHex(memo) } }],
        },
        purpose: `retirement ${data.retirementId}`,
      }),
    );
    if ('error' in memoTx) return this.record(event, data.batchId, { ...settlement, status: 'failed', transactions: [], reason: memoTx.error });
    const transactions: SettlementTx[] = [{ purpose: 'retirement-memo', hash: memoTx.hash, result: memoTx.result }];
    if (fullyRetired && nftId) {
      const burned = await this.attempt('NFT burn', () =>
        this.submissions.submit({
          key: settlementKeys.nftBurn(nftId),
          role: 'issuer',
          transaction: { TransactionType: 'NFTokenBurn', Account: '', NFTokenID: nftId },
          purpose: `batch NFT of ${data.batchId}, fully retired`,
        }),
      );
      if (!('error' in burned)) transactions.push({ purpose: 'nft-burn', hash: burned.hash, result: burned.result });
    }
    await this.record(event, data.batchId, { ...settlement, status: 'settled', transactions });
  }

  /** A transaction the ledger refused is an outcome to record; a lost connection is retried. */
  private async attempt<T>(what: string, run: () => Promise<T>): Promise<T | { error: string }> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'Conflict') {
        this.logger.warn(`${what} not applied: ${error.message}`);
        return { error: error.message };
      }
      throw error;
    }
  }

  private async record(event: RecordedEvent, batchId: string, settlement: Omit<XrplSettlementRecorded['data'], 'recordedAt' | 'batchId'>): Promise<void> {
    const market = marketOfTokenId(batchId);
    if (!market) return;
    const commandId = deriveId(event.eventId, 'xrpl-settlement');
    await this.markets.execute(
      market.projectType,
      market.vintage,
      { type: 'RecordXrplSettlement', settlement: { ...settlement, batchId } },
      { commandId, correlationId: event.metadata.correlationId, causationId: event.eventId, actor: { userId: 'platform', role: 'admin' }, now: new Date() },
      () => undefined,
    );
  }
}
