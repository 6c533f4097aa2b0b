import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  counted,
  cancellationReasonLabels,
  creditMarketStreamId,
  type EventStore,
  formatPosition,
  formatSerialRange,
  isCreditEvent,
  isOrderEvent,
  marketOfTokenId,
  pageOf,
  type ProvenanceQuery as ProvenancePage,
  type ProvenanceEntry,
  type ProvenanceResponse,
  type RecordedEvent,
  type SerialRange,
  VAULT_ACCOUNT_ID,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { DomainError } from '../../shared/domain-error.js';
import { batchMarketEventsAfter, readBatchMarketEvents } from './batch-market-events.js';
import { toCreditBatchView } from './batch-view.js';
import type { CreditBatchRow } from './read-model-rows.js';
import { provenanceSeal, readSeals, type SealLookup } from './event-log-seals.js';
import { byPosition, markedFirstTransfer, projectProvenance, readBatchClaims, withBatchClaims } from './project-provenance.js';

/** The chain of custody of one batch, from the event log; undefined when the registry has no such batch. */
export class GetProvenanceQuery extends Query<ProvenanceResponse | undefined> {
  constructor(
    readonly tokenId: string,
    readonly page: ProvenancePage,
  ) {
    super();
  }
}

type EntryFacts = Omit<ProvenanceEntry, 'position' | 'eventId' | 'eventHash' | 'seal'>;

const size = (ranges: readonly SerialRange[]): number => ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0);

/**
 * What a provenance traces: a whole batch, or one serial of it. `ours` keeps the part of a
 * movement's ranges it covers; `retirements` collects the retirements that took it, so their
 * XRPL settlements are shown too.
 */
export interface ProvenanceScope {
  readonly tokenId: string;
  readonly prefix: string;
  readonly ours: (ranges: readonly SerialRange[] | undefined) => SerialRange[];
  /** Retirement id -> beneficiary. */
  readonly retirements: Map<string, string>;
  /** Tokenizations that took it, so their XRPL payments are shown too. */
  readonly tokenizations: Set<string>;
  readonly orderOwners: Map<string, string>;
}

export function batchScope(tokenId: string, prefix: string): ProvenanceScope {
  return {
    tokenId,
    prefix,
    ours: (ranges) => (ranges ?? []).filter((range) => range.batchId === tokenId),
    retirements: new Map(),
    tokenizations: new Set(),
    orderOwners: new Map(),
  };
}

export function serialScope(tokenId: string, prefix: string, serial: number): ProvenanceScope {
  return {
    tokenId,
    prefix,
    ours: (ranges) =>
      (ranges ?? []).some((range) => range.batchId === tokenId && range.start <= serial && serial <= range.end)
        ? [{ batchId: tokenId, start: serial, end: serial }]
        : [],
    retirements: new Map(),
    tokenizations: new Set(),
    orderOwners: new Map(),
  };
}

/** What one event of the market stream did to what the scope traces, or undefined when it did not touch it. */
export function entryFacts(recorded: RecordedEvent, scope: ProvenanceScope): EntryFacts | undefined {
  const { tokenId, ours, orderOwners } = scope;
  const formatted = (ranges: readonly SerialRange[]): string[] => ranges.map((range) => formatSerialRange(scope.prefix, range.start, range.end));
  // Descriptions tell the whole movement of the batch's credits, also when the scope is one serial of it.
  const movedOfBatch = (ranges: readonly SerialRange[] | undefined): number => size((ranges ?? []).filter((range) => range.batchId === tokenId));
  if (isOrderEvent(recorded)) {
    const event = recorded;
    switch (event.type) {
      case 'OrderPlaced': {
        orderOwners.set(event.data.orderId, event.data.ownerId);
        const reserved = ours(event.data.reserved);
        if (reserved.length === 0) return undefined;
        return {
          kind: 'escrow',
          description: `${counted(movedOfBatch(event.data.reserved), 'credit')} reserved for sell order ${event.data.orderId} at $${event.data.price}`,
          occurredAt: event.data.placedAt,
          quantity: size(reserved),
          fromAccountId: event.data.ownerId,
          toAccountId: null,
          serialRanges: formatted(reserved),
          xrplTransactions: [],
        };
      }
      case 'OrderCancelled': {
        const released = ours(event.data.released);
        if (released.length === 0) return undefined;
        return {
          kind: 'release',
          description: `${counted(movedOfBatch(event.data.released), 'credit')} released from cancelled sell order ${event.data.orderId}`,
          occurredAt: event.data.cancelledAt,
          quantity: size(released),
          fromAccountId: null,
          toAccountId: orderOwners.get(event.data.orderId) ?? null,
          serialRanges: formatted(released),
          xrplTransactions: [],
        };
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }
  if (!isCreditEvent(recorded)) return undefined;
  const event = recorded;
  switch (event.type) {
    case 'CreditsIssued': {
      const { data } = event;
      const issued = data.batchId === tokenId ? ours([{ batchId: tokenId, start: 1, end: data.quantity }]) : [];
      if (issued.length === 0) return undefined;
      return {
        kind: 'issuance',
        description: `${counted(data.quantity, 'credit')} of ${data.projectName} (${data.projectType}, vintage ${data.vintage}) issued to ${data.accountId}${data.source === 'xrpl' ? ', minted on XRPL by the issuer' : ''}`,
        occurredAt: data.issuedAt,
        quantity: size(issued),
        fromAccountId: null,
        toAccountId: data.accountId,
        serialRanges: formatted(issued),
        xrplTransactions: data.mintTxHash ? [{ purpose: 'mint', hash: data.mintTxHash, result: 'tesSUCCESS' }] : [],
      };
    }
    case 'TradeExecuted': {
      const { data } = event;
      const moved = ours(data.ranges);
      if (moved.length === 0) return undefined;
      const how =
        data.kind === 'order-match'
          ? 'matched on the order book'
          : data.kind === 'direct'
            ? data.offerId
              ? `sold directly (offer ${data.offerId} accepted and paid)`
              : 'transferred directly'
            : 'swapped on the XRPL AMM';
      return {
        kind: 'transfer',
        description: `${counted(movedOfBatch(data.ranges), 'credit')} ${how} from ${data.sellerAccountId} to ${data.buyerAccountId} at $${data.price}`,
        occurredAt: data.executedAt,
        quantity: size(moved),
        fromAccountId: data.sellerAccountId,
        toAccountId: data.buyerAccountId,
        serialRanges: formatted(moved),
        xrplTransactions: data.settlement.txHash ? [{ purpose: 'payment', hash: data.settlement.txHash, result: 'tesSUCCESS' }] : [],
      };
    }
    case 'CreditsRetired': {
      const { data } = event;
      const retired = ours(data.ranges);
      if (retired.length === 0) return undefined;
      scope.retirements.set(data.retirementId, data.beneficiary);
      return {
        kind: 'retirement',
        description: `${counted(data.quantity, 'credit')} retired by ${data.accountId} on behalf of ${data.beneficiary}${data.purpose ? ` (${data.purpose})` : ''}`,
        occurredAt: data.retiredAt,
        quantity: size(retired),
        fromAccountId: data.accountId,
        toAccountId: null,
        serialRanges: formatted(retired),
        xrplTransactions: [
          ...(data.burnTxHash ? [{ purpose: 'burn', hash: data.burnTxHash, result: 'tesSUCCESS' }] : []),
          ...(data.nftBurnTxHash ? [{ purpose: 'nft-burn', hash: data.nftBurnTxHash, result: 'tesSUCCESS' }] : []),
        ],
      };
    }
    case 'CreditsCancelled': {
      const { data } = event;
      const cancelled = ours(data.ranges);
      if (cancelled.length === 0) return undefined;
      const by = data.byRegistry ? `the registry (${data.cancelledBy})` : data.cancelledBy;
      const reversal = data.reversal ? `, covering a reversal of project ${data.reversal.projectId}` : '';
      return {
        kind: 'cancellation',
        description: `${counted(data.quantity, 'credit')} of ${data.accountId} cancelled by ${by}: ${cancellationReasonLabels[data.reason]}${reversal}${data.note ? ` (${data.note})` : ''}; not retired, no claim`,
        occurredAt: data.cancelledAt,
        quantity: size(cancelled),
        fromAccountId: data.accountId,
        toAccountId: null,
        serialRanges: formatted(cancelled),
        xrplTransactions: [],
      };
    }
    case 'CreditsTokenized': {
      const { data } = event;
      const moved = ours(data.ranges);
      if (moved.length === 0) return undefined;
      scope.tokenizations.add(data.tokenizationId);
      return {
        kind: 'transfer',
        description: `${counted(movedOfBatch(data.ranges), 'credit')} tokenized: moved from ${data.accountId} into the platform vault, backing as many NXCC paid to ${data.xrplAddress}`,
        occurredAt: data.tokenizedAt,
        quantity: size(moved),
        fromAccountId: data.accountId,
        toAccountId: VAULT_ACCOUNT_ID,
        serialRanges: formatted(moved),
        xrplTransactions: data.paymentTxHash ? [{ purpose: 'payment', hash: data.paymentTxHash, result: 'tesSUCCESS' }] : [],
      };
    }
    case 'CreditsRedeemed': {
      const { data } = event;
      const moved = ours(data.ranges);
      if (moved.length === 0) return undefined;
      const why =
        data.reason === 'redeemed'
          ? `redeemed: ${data.xrplAddress} paid the NXCC back to the issuer`
          : `returned: the ledger refused the NXCC payment of tokenization ${data.tokenizationId ?? ''}`;
      return {
        kind: 'transfer',
        description: `${counted(movedOfBatch(data.ranges), 'credit')} ${why}; moved from the platform vault to ${data.accountId}`,
        occurredAt: data.redeemedAt,
        quantity: size(moved),
        fromAccountId: VAULT_ACCOUNT_ID,
        toAccountId: data.accountId,
        serialRanges: formatted(moved),
        xrplTransactions: data.burnTxHash ? [{ purpose: 'redemption', hash: data.burnTxHash, result: 'tesSUCCESS' }] : [],
      };
    }
    case 'DirectTradeOffered': {
      const { data } = event;
      const reserved = ours(data.ranges);
      if (reserved.length === 0) return undefined;
      orderOwners.set(data.offerId, data.sellerAccountId);
      return {
        kind: 'escrow',
        description: `${counted(movedOfBatch(data.ranges), 'credit')} reserved for direct offer ${data.offerId} to ${data.buyerAccountId} at $${data.price}`,
        occurredAt: data.offeredAt,
        quantity: size(reserved),
        fromAccountId: data.sellerAccountId,
        toAccountId: null,
        serialRanges: formatted(reserved),
        xrplTransactions: [],
      };
    }
    case 'DirectTradeOfferWithdrawn': {
      const { data } = event;
      const released = ours(data.released);
      if (released.length === 0) return undefined;
      return {
        kind: 'release',
        description: `${counted(movedOfBatch(data.released), 'credit')} released from direct offer ${data.offerId} (${data.reason})`,
        occurredAt: data.withdrawnAt,
        quantity: size(released),
        fromAccountId: null,
        toAccountId: orderOwners.get(data.offerId) ?? null,
        serialRanges: formatted(released),
        xrplTransactions: [],
      };
    }
    case 'XrplSettlementRecorded': {
      const { data } = event;
      if (data.batchId !== tokenId) return undefined;
      if (data.subject === 'retirement' && !scope.retirements.has(data.subjectId)) return undefined;
      if (data.subject === 'tokenization' && !scope.tokenizations.has(data.subjectId)) return undefined;
      const subject =
        data.subject === 'issuance' ? 'the issuance' : data.subject === 'retirement' ? `retirement ${data.subjectId}` : `tokenization ${data.subjectId}`;
      return {
        kind: 'xrpl',
        description: `XRPL settlement of ${subject}: ${data.status}${data.reason ? ` (${data.reason})` : ''}`,
        occurredAt: data.recordedAt,
        quantity: null,
        fromAccountId: null,
        toAccountId: null,
        serialRanges: [],
        xrplTransactions: data.transactions,
      };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** The entries of a market stream for what the scope traces, each with its place in the log and covering seal. */
export function provenanceEntries(stream: readonly RecordedEvent[], scope: ProvenanceScope, sealCovering: SealLookup): ProvenanceEntry[] {
  const entries: ProvenanceEntry[] = [];
  for (const recorded of stream) {
    const facts = entryFacts(recorded, scope);
    if (!facts) continue;
    entries.push({
      ...facts,
      position: formatPosition(recorded.position),
      eventId: recorded.eventId,
      eventHash: recorded.hash,
      seal: provenanceSeal(sealCovering(recorded.position)),
    });
  }
  return entries;
}

@QueryHandler(GetProvenanceQuery)
export class GetProvenanceHandler implements IQueryHandler<GetProvenanceQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ tokenId, page }: GetProvenanceQuery): Promise<ProvenanceResponse | undefined> {
    const market = marketOfTokenId(tokenId);
    if (!market) return undefined;
    if (page.cursor && page.cursor[0] !== tokenId) throw notACursorOfThisBatch();
    const streamId = creditMarketStreamId(market.projectType, market.vintage);
    const [batch, held, sealCovering] = await Promise.all([
      this.db.selectFrom('credit_batches').selectAll().where('token_id', '=', tokenId).executeTakeFirst(),
      this.db
        .selectFrom('credit_holdings')
        .select(['status', sql<string>`sum(serial_end - serial_start + 1)`.as('quantity')])
        .where('token_id', '=', tokenId)
        .groupBy('status')
        .execute(),
      readSeals(this.eventStore),
    ]);
    if (!batch) return undefined;
    const history = { batch, streamId, sealCovering };
    const found = (await this.indexedPage(history, page)) ?? (await this.wholeHistoryPage(history, page));
    const count = (status: string): number => Number(held.find((row) => row.status === status)?.quantity ?? 0);
    return {
      tokenId,
      batch: toCreditBatchView(batch),
      summary: { issued: batch.quantity, tradable: count('tradable'), reserved: count('reserved'), retired: count('retired'), cancelled: count('cancelled') },
      entries: found.entries,
      nextCursor: found.nextCursor,
    };
  }

  /**
   * The page composed from the whole history: the project's steps, then the market's entries and the
   * claims in log order. What the indexed page answers too, where it can.
   */
  private async wholeHistoryPage({ batch, streamId, sealCovering }: BatchHistory, { limit, cursor }: ProvenancePage): Promise<HistoryPage> {
    const stream = await readBatchMarketEvents(this.db, this.eventStore, streamId, batch.token_id);
    // The project, the report and its verification come first: the batch's evidence starts before its serials.
    const versions = new Map(stream.map((event) => [event.eventId, event.streamVersion]));
    const entries = await withBatchClaims(
      this.eventStore,
      batch,
      [
        ...(await projectProvenance(this.eventStore, batch, sealCovering)),
        ...provenanceEntries(stream, batchScope(batch.token_id, batch.serial_prefix), sealCovering),
      ],
      sealCovering,
    );
    // The history only grows at its end (later events of the market and claims streams), so the entry a cursor names stays where it was.
    const start = cursor ? entries.findIndex((entry) => entry.position === cursor[1]) + 1 : 0;
    if (cursor && start === 0) throw notACursorOfThisBatch();
    const rows = entries.slice(start, start + limit + 1);
    // The cursor also holds the market version of the last market entry up to it: where the next page's read of the market starts.
    let marketVersion = -1n;
    for (const entry of entries.slice(0, start + limit)) marketVersion = versions.get(entry.eventId) ?? marketVersion;
    const page = pageOf(rows, limit, 'provenance', (entry) => [batch.token_id, entry.position, marketVersion.toString()]);
    return { entries: page.rows, nextCursor: page.nextCursor };
  }

  /**
   * The page read from where the cursor left off: the batch's market events after the cursor's
   * market version (through the credit-batch-events index), merged in log order with the claims,
   * a chunk at a time until the page is full. What an entry says of events before the page (who
   * placed a cancelled order, whose retirement a settlement settles) comes from the read models;
   * undefined, for the whole history to answer, where they cannot say it (not caught up) or the
   * index cannot answer.
   */
  private async indexedPage({ batch, streamId, sealCovering }: BatchHistory, { limit, cursor }: ProvenancePage): Promise<HistoryPage | undefined> {
    const readAfter = await batchMarketEventsAfter(this.db, this.eventStore, streamId, batch.token_id);
    if (!readAfter) return undefined;
    const [lead, { claims, firstTransfers }] = await Promise.all([
      projectProvenance(this.eventStore, batch, sealCovering),
      readBatchClaims(this.eventStore, batch, sealCovering),
    ]);
    // Where the cursor left off: after one of the project's steps (the market not yet begun), or
    // after a claim or a market entry, the market read through the cursor's version.
    let leadFrom = 0;
    let claimsFrom = 0;
    let marketVersion = -1n;
    if (cursor) {
      const [, position, version] = cursor;
      const inLead = lead.findIndex((entry) => entry.position === position);
      if (inLead >= 0) leadFrom = inLead + 1;
      else {
        leadFrom = lead.length;
        marketVersion = BigInt(version);
        claimsFrom = claims.findIndex((entry) => byPosition(entry, { position }) > 0);
        if (claimsFrom < 0) claimsFrom = claims.length;
        const isClaim = claims.some((entry) => entry.position === position);
        if (!isClaim && !(await this.isMarketEntryAt(streamId, marketVersion, position))) throw notACursorOfThisBatch();
      }
    }
    const rows: { entry: ProvenanceEntry; version: bigint | undefined }[] = lead
      .slice(leadFrom, leadFrom + limit + 1)
      .map((entry) => ({ entry, version: undefined }));
    const market: { entry: ProvenanceEntry; version: bigint }[] = [];
    let readThrough = marketVersion;
    let exhausted = false;
    let chunk = limit + 1;
    while (rows.length < limit + 1) {
      // Enough market entries ahead to merge with the next claim, or the market read to its end.
      if (market.length === 0 && !exhausted) {
        const events = await readAfter(readThrough, chunk);
        if (!events) return undefined;
        chunk = Math.min(chunk * 2, 2_000);
        if (events.length === 0) exhausted = true;
        else {
          readThrough = events.at(-1)!.streamVersion;
          const scope = await this.scopeFor(batch, events);
          if (!scope) return undefined;
          const versions = new Map(events.map((event) => [event.eventId, event.streamVersion]));
          for (const entry of provenanceEntries(events, scope, sealCovering)) {
            market.push({ entry: markedFirstTransfer(entry, firstTransfers), version: versions.get(entry.eventId)! });
          }
          continue;
        }
      }
      const claim = claims[claimsFrom];
      const next = market[0];
      if (!claim && !next) break;
      if (claim && (!next || byPosition(claim, next.entry) < 0)) {
        rows.push({ entry: claim, version: undefined });
        claimsFrom += 1;
      } else {
        rows.push(market.shift()!);
      }
    }
    for (const row of rows.slice(0, limit)) marketVersion = row.version ?? marketVersion;
    const page = pageOf(
      rows.map((row) => row.entry),
      limit,
      'provenance',
      (entry) => [batch.token_id, entry.position, marketVersion.toString()],
    );
    return { entries: page.rows, nextCursor: page.nextCursor };
  }

  /** Whether the market event at `version` is at `position`: what a cursor that ends on a market entry says. */
  private async isMarketEntryAt(streamId: string, version: bigint, position: string): Promise<boolean> {
    if (version < 0n) return false;
    const [event] = (await this.eventStore.readStreamVersions?.(streamId, [version])) ?? [];
    return event !== undefined && formatPosition(event.position) === position;
  }

  /**
   * The batch's scope with what its entries on these events need from before them, from the read
   * models: who placed each cancelled order and each withdrawn offer, and which retirements and
   * tokenizations took the batch's serials. Undefined when a read model does not hold one of them yet.
   */
  private async scopeFor(batch: CreditBatchRow, events: readonly RecordedEvent[]): Promise<ProvenanceScope | undefined> {
    const scope = batchScope(batch.token_id, batch.serial_prefix);
    const orders = new Set<string>();
    const offers = new Set<string>();
    const retirements = new Set<string>();
    const tokenizations = new Set<string>();
    for (const event of events) {
      if (isOrderEvent(event) && event.type === 'OrderCancelled') orders.add(event.data.orderId);
      else if (isCreditEvent(event) && event.type === 'DirectTradeOfferWithdrawn') offers.add(event.data.offerId);
      else if (isCreditEvent(event) && event.type === 'XrplSettlementRecorded' && event.data.batchId === batch.token_id) {
        if (event.data.subject === 'retirement') retirements.add(event.data.subjectId);
        else if (event.data.subject === 'tokenization') tokenizations.add(event.data.subjectId);
      }
    }
    const [orderRows, offerRows, retirementRows, tokenizationRows] = await Promise.all([
      orders.size === 0
        ? []
        : this.db
            .selectFrom('order_book')
            .select(['order_id as id', 'owner_id as owner'])
            .where('order_id', 'in', [...orders])
            .execute(),
      offers.size === 0
        ? []
        : this.db
            .selectFrom('direct_trade_offers')
            .select(['offer_id as id', 'seller_account_id as owner'])
            .where('offer_id', 'in', [...offers])
            .execute(),
      retirements.size === 0
        ? []
        : this.db
            .selectFrom('credit_retirements')
            .select(['beneficiary', sql<string>`retirement_id::text`.as('id')])
            .where(sql<string>`retirement_id::text`, 'in', [...retirements])
            .where('token_id', '=', batch.token_id)
            .execute(),
      tokenizations.size === 0
        ? []
        : this.db
            .selectFrom('vault_transfers')
            .select('transfer_id as id')
            .where('transfer_id', 'in', [...tokenizations])
            .where('kind', '=', 'tokenize')
            .where('token_id', '=', batch.token_id)
            .execute(),
    ]);
    if (orderRows.length !== orders.size || offerRows.length !== offers.size) return undefined;
    if (retirementRows.length !== retirements.size || tokenizationRows.length !== tokenizations.size) return undefined;
    for (const row of [...orderRows, ...offerRows]) scope.orderOwners.set(row.id, row.owner);
    for (const row of retirementRows) scope.retirements.set(row.id, row.beneficiary);
    for (const row of tokenizationRows) scope.tokenizations.add(row.id);
    return scope;
  }
}

interface BatchHistory {
  readonly batch: CreditBatchRow;
  readonly streamId: string;
  readonly sealCovering: SealLookup;
}

interface HistoryPage {
  readonly entries: ProvenanceEntry[];
  readonly nextCursor: string | null;
}

const notACursorOfThisBatch = (): DomainError =>
  new DomainError('ValidationFailed', 'cursor is not a cursor of this list: start again without one', [
    { path: 'cursor', message: 'not a cursor of this batch' },
  ]);
