/** What the book needs of an order: its id, its price and its place in time. */
export interface BookOrder {
  readonly orderId: string;
  readonly side: 'buy' | 'sell';
  readonly priceCents: number;
  readonly seq: number;
}

/** Slots freed at the front are given back once there are this many and they are half the array. */
const COMPACT_AFTER = 1_024;

/**
 * One side of a market's order book, best first: for bids the highest price, for asks the
 * lowest, and among equal prices the earliest. Orders leave mostly from the front (the best
 * order is the one that trades), so the front is a moving offset: taking the best order out
 * costs O(1) however deep the book is, where `Array.splice(0, 1)` moves every order behind it
 * (~0.2 ms at 50,000 resting orders).
 */
export class OrderBookSide<O extends BookOrder> implements Iterable<O> {
  private items: (O | undefined)[] = [];
  private head = 0;

  /** A side holding `orders`, which are in book order already (best first): a snapshot's decode. */
  static fromSorted<O extends BookOrder>(orders: O[]): OrderBookSide<O> {
    const side = new OrderBookSide<O>();
    side.items = orders;
    return side;
  }

  /** Open orders on this side. */
  get length(): number {
    return this.items.length - this.head;
  }

  /** Best first. */
  *[Symbol.iterator](): Iterator<O> {
    for (let index = this.head; index < this.items.length; index += 1) yield this.items[index]!;
  }

  /** Places an order behind every order as good as it or better (price, then time). */
  insert(order: O): void {
    let low = this.head;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (better(this.items[mid]!, order)) low = mid + 1;
      else high = mid;
    }
    if (low === this.head && this.head > 0) {
      // In front of the best order: reuse a freed slot.
      this.head -= 1;
      this.items[this.head] = order;
      return;
    }
    this.items.splice(low, 0, order);
  }

  /** Replaces an order that is still open; takes it off the book when it no longer is. */
  replace(next: O, open: boolean): void {
    const index = this.indexOf(next.orderId);
    if (index < 0) return;
    if (open) {
      this.items[index] = next;
      return;
    }
    if (index !== this.head) {
      this.items.splice(index, 1);
      return;
    }
    this.items[index] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  private indexOf(orderId: string): number {
    for (let index = this.head; index < this.items.length; index += 1) {
      if (this.items[index]!.orderId === orderId) return index;
    }
    return -1;
  }
}

function better(a: BookOrder, b: BookOrder): boolean {
  if (a.priceCents !== b.priceCents) return a.side === 'buy' ? a.priceCents > b.priceCents : a.priceCents < b.priceCents;
  return a.seq < b.seq;
}
