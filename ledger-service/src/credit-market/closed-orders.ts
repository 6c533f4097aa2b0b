import type { ClosedOrder } from './credit-market.decider.js';

/** Closed orders remembered per market: ~100 bytes each. */
const CLOSED_ORDERS_REMEMBERED = 50_000;

/**
 * The orders this market's events closed, the newest CLOSED_ORDERS_REMEMBERED of them: the state
 * holds open orders only, and a cancel of an order filled a moment ago is answered from here (409,
 * how it closed), not from the order book read model, which may not have the fill yet. Closures
 * decided in a group are pending until its append succeeds, so a failed group leaves none behind.
 */
export class ClosedOrders {
  private readonly confirmed = new Map<string, ClosedOrder>();
  private readonly pending = new Map<string, ClosedOrder>();

  get(orderId: string): ClosedOrder | undefined {
    return this.pending.get(orderId) ?? this.confirmed.get(orderId);
  }

  note(orderId: string, closed: ClosedOrder): void {
    this.pending.set(orderId, closed);
  }

  /** The pending closures are in the log. */
  confirm(): void {
    for (const [orderId, closed] of this.pending) this.confirmed.set(orderId, closed);
    this.pending.clear();
    for (const orderId of this.confirmed.keys()) {
      if (this.confirmed.size <= CLOSED_ORDERS_REMEMBERED) break;
      this.confirmed.delete(orderId);
    }
  }

  /** The pending closures were not appended. */
  discard(): void {
    this.pending.clear();
  }
}
