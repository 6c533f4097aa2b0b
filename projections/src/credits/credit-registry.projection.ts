import {
  type CreditsCancelled,
  type CreditsIssued,
  isCreditEvent,
  isOrderEvent,
  type OrderCancelled,
  type OrderPlaced,
  type RecordedEvent,
  type CreditsRedeemed,
  type CreditsRetired,
  type CreditsTokenized,
  type DirectTradeOffered,
  type DirectTradeOfferWithdrawn,
  type TradeExecuted,
  VAULT_ACCOUNT_ID,
  type XrplSettlementRecorded,
  creditEventTypes,
  formatPosition,
  orderEventTypes,
  type PushedMessage,
  socketEvents,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { exhaustive, insertOnce, type Projection, type ProjectionWriter, rowPosition } from '../runtime/projection.js';
import { HoldingsWorkingSet, type SerialRange } from './holdings-working-set.js';

type RegistryEvent =
  | CreditsIssued
  | TradeExecuted
  | CreditsRetired
  | CreditsCancelled
  | XrplSettlementRecorded
  | CreditsTokenized
  | CreditsRedeemed
  | DirectTradeOffered
  | DirectTradeOfferWithdrawn
  | OrderPlaced
  | OrderCancelled;

function isRegistryEvent(recorded: RecordedEvent): recorded is RecordedEvent & RegistryEvent {
  return isCreditEvent(recorded) || isOrderEvent(recorded);
}

/** The serial ranges an event gives to someone (read before the batch applies). */
function rangesReassignedBy(recorded: RecordedEvent): SerialRange[] {
  if (!isRegistryEvent(recorded)) return [];
  const event = recorded;
  const ranges =
    event.type === 'OrderPlaced'
      ? (event.data.reserved ?? [])
      : event.type === 'OrderCancelled'
        ? (event.data.released ?? [])
        : event.type === 'DirectTradeOfferWithdrawn'
          ? event.data.released
          : event.type === 'TradeExecuted' ||
              event.type === 'CreditsRetired' ||
              event.type === 'CreditsCancelled' ||
              event.type === 'CreditsTokenized' ||
              event.type === 'CreditsRedeemed' ||
              event.type === 'DirectTradeOffered'
            ? event.data.ranges
            : [];
  return ranges.map((range) => ({ tokenId: range.batchId, start: range.start, end: range.end }));
}

function batchRow(recorded: RecordedEvent, data: CreditsIssued['data']) {
  return {
    token_id: data.batchId,
    project_id: data.projectId,
    project_name: data.projectName,
    project_type: data.projectType,
    description: data.description,
    vintage: data.vintage,
    standard: data.standard,
    methodology: data.methodology,
    quantity: data.quantity,
    retired: 0,
    cancelled: 0,
    serial_prefix: data.serialPrefix,
    issuer_account_id: data.accountId,
    xrpl_address: data.xrplAddress,
    source: data.source,
    nft_id: data.nftId ?? null,
    // Pending until XrplSettlementRecorded says what was done on XRPL (for an issuer's own mint too).
    settlement_status: 'pending' as const,
    settlement_reason: null,
    settlement_transactions: '[]',
    report_id: data.reportId ?? null,
    buffer_for: data.bufferFor ?? null,
    origin_registry: data.origin?.registry ?? null,
    origin_start: data.origin?.start ?? null,
    origin_end: data.origin?.end ?? null,
    issued_at: data.issuedAt,
    ...rowPosition(recorded),
  };
}

/** Collects a projection batch's batch rows and retired counts, written in as few statements as it can. */
class BatchWrites {
  private issued: ReturnType<typeof batchRow>[] = [];
  private readonly retired = new Map<string, number>();
  private readonly cancelled = new Map<string, number>();

  constructor(private readonly db: ProjectionWriter) {}

  issue(row: ReturnType<typeof batchRow>): void {
    this.issued.push(row);
  }

  retire(tokenId: string, quantity: number): void {
    this.retired.set(tokenId, (this.retired.get(tokenId) ?? 0) + quantity);
  }

  cancel(tokenId: string, quantity: number): void {
    this.cancelled.set(tokenId, (this.cancelled.get(tokenId) ?? 0) + quantity);
  }

  /** A cancellation's record, with its batch's project (the batch row is written first). */
  async recordCancellation(recorded: RecordedEvent, data: CreditsCancelled['data']): Promise<void> {
    await this.flushIssued();
    const batch = await this.db.selectFrom('credit_batches').select(['project_id', 'project_name']).where('token_id', '=', data.batchId).executeTakeFirst();
    await insertOnce(this.db, 'credit_cancellations', 'cancellation_id', {
      cancellation_id: data.cancellationId,
      token_id: data.batchId,
      project_id: batch?.project_id ?? '',
      project_name: batch?.project_name ?? data.batchId,
      account_id: data.accountId,
      quantity: data.quantity,
      ranges: JSON.stringify(data.ranges),
      reason: data.reason,
      note: data.note,
      cancelled_by: data.cancelledBy,
      by_registry: data.byRegistry,
      reversal_project_id: data.reversal?.projectId ?? null,
      reversal_id: data.reversal?.reversalId ?? null,
      cancelled_at: data.cancelledAt,
      ...rowPosition(recorded),
    });
  }

  async settle(data: XrplSettlementRecorded['data']): Promise<void> {
    await this.flushIssued();
    await this.db
      .updateTable('credit_batches')
      .set({
        settlement_status: data.status,
        settlement_reason: data.reason ?? null,
        nft_id: data.nftId === undefined ? sql<string | null>`nft_id` : data.nftId,
        // One settlement per subject: it lists every transaction, the issuer's own mint included.
        settlement_transactions: JSON.stringify(data.transactions),
      })
      .where('token_id', '=', data.subjectId)
      .execute();
  }

  async flush(): Promise<void> {
    await this.flushIssued();
    await this.addCounts('retired', this.retired);
    await this.addCounts('cancelled', this.cancelled);
  }

  /** Adds each batch's count of this projection batch to its column, in one statement. */
  private async addCounts(column: 'retired' | 'cancelled', counts: Map<string, number>): Promise<void> {
    if (counts.size === 0) return;
    const tokenIds = [...counts.keys()];
    const quantities = [...counts.values()];
    counts.clear();
    const added = sql<{ token_id: string; quantity: number }>`(select * from unnest(${tokenIds}::text[], ${quantities}::int[]) as a(token_id, quantity))`.as(
      'a',
    );
    await this.db
      .updateTable('credit_batches')
      .from(added)
      .set(column === 'retired' ? { retired: sql<number>`retired + a.quantity` } : { cancelled: sql<number>`cancelled + a.quantity` })
      .whereRef('credit_batches.token_id', '=', 'a.token_id')
      .execute();
  }

  private async flushIssued(): Promise<void> {
    if (this.issued.length === 0) return;
    await insertOnce(this.db, 'credit_batches', 'token_id', this.issued);
    this.issued = [];
  }
}

/**
 * The registry: every issued batch with its retired count and XRPL settlement,
 * and who holds which serial block of it (tradable, reserved for a sell order,
 * or retired). Serial blocks are reassigned range by range as the market
 * stream moves them.
 */
export const creditRegistryProjection: Projection = {
  name: 'credit-registry',
  eventTypes: new Set([...creditEventTypes, ...orderEventTypes]),
  views: ['credits', 'metrics', 'marketplace'],
  /** Its screens refetch on projection-updated; a command that reads it back ends the wait (LogFollowerRunner.linger). */
  lingerMs: 20,
  tables: ['credit_batches', 'credit_holdings', 'credit_cancellations'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const holdings = new HoldingsWorkingSet(db);
    const batches = new BatchWrites(db);
    await holdings.prefetch(events.flatMap(rangesReassignedBy));
    let changed = false;
    for (const recorded of events) {
      if (!isRegistryEvent(recorded)) continue;
      const event = recorded;
      switch (event.type) {
        case 'CreditsIssued':
          batches.issue(batchRow(recorded, event.data));
          await holdings.issue(event.data.batchId, event.data.quantity, event.data.accountId);
          changed = true;
          break;
        case 'OrderPlaced':
          if (await holdings.reassignRanges(event.data.reserved ?? [], { accountId: event.data.ownerId, status: 'reserved', orderId: event.data.orderId })) {
            changed = true;
          }
          break;
        case 'OrderCancelled':
          if (await holdings.reassignRanges(event.data.released ?? [], { accountId: { keep: true }, status: 'tradable', orderId: null })) changed = true;
          break;
        case 'DirectTradeOffered':
          // Escrowed for the offer's buyer until it closes, as a sell order's serials are (its id in the order column).
          await holdings.reassignRanges(event.data.ranges, { accountId: event.data.sellerAccountId, status: 'reserved', orderId: event.data.offerId });
          changed = true;
          break;
        case 'DirectTradeOfferWithdrawn':
          await holdings.reassignRanges(event.data.released, { accountId: { keep: true }, status: 'tradable', orderId: null });
          changed = true;
          break;
        case 'TradeExecuted':
          await holdings.reassignRanges(event.data.ranges, { accountId: event.data.buyerAccountId, status: 'tradable', orderId: null });
          changed = true;
          break;
        case 'CreditsRetired':
          await holdings.reassignRanges(event.data.ranges, { accountId: event.data.accountId, status: 'retired', orderId: null });
          batches.retire(event.data.batchId, event.data.quantity);
          changed = true;
          break;
        case 'CreditsCancelled':
          await holdings.reassignRanges(event.data.ranges, { accountId: event.data.accountId, status: 'cancelled', orderId: null });
          batches.cancel(event.data.batchId, event.data.quantity);
          await batches.recordCancellation(recorded, event.data);
          changed = true;
          break;
        case 'CreditsTokenized':
        case 'CreditsRedeemed': {
          const to = event.type === 'CreditsTokenized' ? VAULT_ACCOUNT_ID : event.data.accountId;
          await holdings.reassignRanges(event.data.ranges, { accountId: to, status: 'tradable', orderId: null });
          changed = true;
          break;
        }
        case 'XrplSettlementRecorded':
          if (event.data.subject !== 'issuance') break;
          await batches.settle(event.data);
          changed = true;
          break;
        default:
          return exhaustive(event);
      }
    }
    await batches.flush();
    await holdings.flush();
    return changed;
  },
  /** newCredit for each batch issued, with the NFT a settlement later in the same batch recorded on its row. */
  pushedMessages(events: readonly RecordedEvent[]): PushedMessage[] {
    const settledNfts = new Map<string, string>();
    for (const recorded of events) {
      if (isCreditEvent(recorded) && recorded.type === 'XrplSettlementRecorded' && recorded.data.subject === 'issuance' && recorded.data.nftId !== undefined) {
        settledNfts.set(recorded.data.subjectId, recorded.data.nftId);
      }
    }
    return events.flatMap((recorded): PushedMessage[] => {
      if (!isCreditEvent(recorded) || recorded.type !== 'CreditsIssued') return [];
      const data = recorded.data;
      return [
        {
          name: socketEvents.newCredit,
          message: {
            tokenId: data.batchId,
            creditAmount: data.quantity,
            projectName: data.projectName,
            projectType: data.projectType,
            nftId: settledNfts.get(data.batchId) ?? data.nftId ?? null,
            timestamp: new Date(data.issuedAt).toISOString(),
            projection: 'credit-registry',
            position: formatPosition(recorded.position),
          },
        },
      ];
    });
  },
};
