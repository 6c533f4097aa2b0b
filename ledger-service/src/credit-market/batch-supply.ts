import { type SerialRange, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import type { CreditMarketEvent } from './credit-market.decider.js';
import { totalSize } from './serial-ranges.js';

/**
 * Where a batch's credits are (docs/cancellations-and-reversals.md, "Supply per batch"): the
 * identity `issued = tradable + reserved + inVault + retired + cancelled` holds for every batch,
 * always. `tradable` is outside the vault; `reserved` is escrowed by sell orders and direct offers.
 */
export interface BatchSupply {
  issued: number;
  tradable: number;
  reserved: number;
  inVault: number;
  retired: number;
  cancelled: number;
}

type Bucket = Exclude<keyof BatchSupply, 'issued'>;

export const emptySupply = (): BatchSupply => ({ issued: 0, tradable: 0, reserved: 0, inVault: 0, retired: 0, cancelled: 0 });

/**
 * Folds a market's events into each batch's supply, by quantity alone (no serial ranges kept): what
 * `npm run verify` computes from the log, and what the property test compares with the decider's state.
 */
export class BatchSupplyFold {
  readonly batches = new Map<string, BatchSupply>();

  apply(event: CreditMarketEvent): void {
    const holding = (accountId: string): Bucket => (accountId === VAULT_ACCOUNT_ID ? 'inVault' : 'tradable');
    switch (event.type) {
      case 'CreditsIssued': {
        const supply = this.of(event.data.batchId);
        supply.issued += event.data.quantity;
        supply[holding(event.data.accountId)] += event.data.quantity;
        return;
      }
      case 'OrderPlaced':
        this.move(event.data.reserved ?? [], 'tradable', 'reserved');
        return;
      case 'OrderCancelled':
        this.move(event.data.released ?? [], 'reserved', 'tradable');
        return;
      case 'DirectTradeOffered':
        this.move(event.data.ranges, holding(event.data.sellerAccountId), 'reserved');
        return;
      case 'DirectTradeOfferWithdrawn':
        this.move(event.data.released, 'reserved', 'tradable');
        return;
      case 'TradeExecuted': {
        // Order matches take the sell order's escrow; an accepted offer its escrow; other direct trades the seller's holding.
        const from: Bucket = event.data.kind === 'order-match' || event.data.offerId !== undefined ? 'reserved' : holding(event.data.sellerAccountId);
        this.move(event.data.ranges, from, holding(event.data.buyerAccountId));
        return;
      }
      case 'CreditsRetired':
        this.move(event.data.ranges, holding(event.data.accountId), 'retired');
        return;
      case 'CreditsCancelled':
        this.move(event.data.ranges, holding(event.data.accountId), 'cancelled');
        return;
      case 'CreditsTokenized':
        this.move(event.data.ranges, 'tradable', 'inVault');
        return;
      case 'CreditsRedeemed':
        this.move(event.data.ranges, 'inVault', 'tradable');
        return;
      default:
        return;
    }
  }

  private of(batchId: string): BatchSupply {
    let supply = this.batches.get(batchId);
    if (!supply) {
      supply = emptySupply();
      this.batches.set(batchId, supply);
    }
    return supply;
  }

  private move(ranges: readonly SerialRange[], from: Bucket, to: Bucket): void {
    for (const range of ranges) {
      const supply = this.of(range.batchId);
      const size = totalSize([range]);
      supply[from] -= size;
      supply[to] += size;
    }
  }
}

/** What is wrong with a batch's supply: a negative part, or parts that do not add up to what was issued. */
export function supplyViolations(batchId: string, supply: BatchSupply): string[] {
  const violations: string[] = [];
  for (const bucket of ['tradable', 'reserved', 'inVault', 'retired', 'cancelled'] as const) {
    if (supply[bucket] < 0) violations.push(`${batchId}: ${bucket} is ${supply[bucket]}`);
  }
  const accounted = supply.tradable + supply.reserved + supply.inVault + supply.retired + supply.cancelled;
  if (accounted !== supply.issued) {
    violations.push(
      `${batchId}: issued ${supply.issued} ≠ tradable ${supply.tradable} + reserved ${supply.reserved} + in the vault ${supply.inVault} + retired ${supply.retired} + cancelled ${supply.cancelled}`,
    );
  }
  return violations;
}
