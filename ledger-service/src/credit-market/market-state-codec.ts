import v8 from 'node:v8';
import { constants as zlibConstants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { type CreditLabel, creditLabels, type SerialRange } from '@carbon-ledger/contracts';
import type { StateCodec } from '../shared/state-codec.js';
import type { CreditMarketState, OfferState, OrderState } from './credit-market.decider.js';
import { initialCreditMarketState } from './credit-market.decider.js';
import { OrderBookSide } from './order-book-side.js';
import type { Range } from './serial-ranges.js';

/**
 * Bump when the meaning of a field of CreditMarketState changes or this layout does. 4: the
 * columnar layout below, compressed with zstd (2 was V8's structured serialisation of the state's
 * object graph). 5: cancelled serials per batch, as retired ones are. 6: the labels a bid requires.
 */
const MARKET_STATE_VERSION = 6;

/** The fields the layout writes; a state or an order with another field is refused at encode (update the codec). */
const STATE_FIELDS = ['asks', 'batches', 'bids', 'cancelled', 'offers', 'orders', 'retired', 'seq', 'tradable'];
const ORDER_FIELDS = new Set(['orderId', 'ownerId', 'side', 'priceCents', 'amount', 'remaining', 'seq', 'status', 'placedAt', 'reserved', 'funding', 'labels']);

/** A bid's labels as bits: bit n is creditLabels[n]. */
const labelBits = (labels: readonly CreditLabel[] | undefined): number => (labels ?? []).reduce((bits, label) => bits | (1 << creditLabels.indexOf(label)), 0);
const labelsOfBits = (bits: number): CreditLabel[] => creditLabels.filter((_, n) => (bits & (1 << n)) !== 0);

type BatchState = CreditMarketState['batches'] extends Map<string, infer B> ? B : never;

/** The batches as plain rows (few per market); `settled` as a list. */
type EncodedBatch = [batchId: string, seq: number, projectName: string, quantity: number, serialPrefix: string, nftId: string | null, settled: string[]];

/**
 * The state in columns: one array per field of the open orders, the serial ranges as flat
 * [start, end, ...] numbers, ids that repeat (accounts, batches, statuses) once in `strings`. V8
 * writes a typed array as its bytes and a string array without a property name per element, where
 * the object graph cost each of ~45,000 open orders its eleven property names, its ranges' and its
 * funding's: at 1,000,000 events the snapshot went from 22 MB to a third of that, and a cold load
 * decodes it in a fraction of the time (docs/benchmarks.md, bench:market-load).
 */
interface Encoded {
  readonly schema: string;
  readonly seq: number;
  readonly strings: string[];
  readonly batches: EncodedBatch[];
  /** Per (account, batch) holding: the account's and the batch's string, its number of ranges. */
  readonly tradableAccount: Uint32Array;
  readonly tradableBatch: Uint32Array;
  readonly tradableCount: Uint32Array;
  readonly tradableBounds: { bounds: Float64Array; named: Uint8Array };
  readonly retiredBatch: Uint32Array;
  readonly retiredCount: Uint32Array;
  readonly retiredBounds: { bounds: Float64Array; named: Uint8Array };
  readonly cancelledBatch: Uint32Array;
  readonly cancelledCount: Uint32Array;
  readonly cancelledBounds: { bounds: Float64Array; named: Uint8Array };
  readonly orderId: string[];
  readonly orderOwner: Uint32Array;
  readonly orderSide: Uint32Array;
  readonly orderStatus: Uint32Array;
  readonly orderNumbers: Float64Array;
  readonly orderPlacedAt: string[];
  readonly reservedCount: Uint32Array;
  readonly reservedBatch: Uint32Array;
  readonly reservedBounds: Float64Array;
  /** Per order: its funding reservation's id, or null without funding. */
  readonly fundingReservation: (string | null)[];
  readonly fundingMatched: Float64Array;
  /** Per order: the labels it requires, as bits (labelBits); 0 for none. */
  readonly orderLabels: Uint8Array;
  /** Order indexes, best first. */
  readonly bids: Uint32Array;
  readonly asks: Uint32Array;
  readonly offers: OfferState[];
}

/** priceCents, amount, remaining, seq of each order, in that order. */
const ORDER_NUMBERS = 4;

class Strings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  of(value: string): number {
    let found = this.index.get(value);
    if (found === undefined) {
      found = this.list.length;
      this.list.push(value);
      this.index.set(value, found);
    }
    return found;
  }
}

/**
 * Grows a Float64Array of bounds as ranges are added, and notes which ranges carry their batch's
 * id (a range that came in with an event's serials keeps it: the decode gives the same objects back).
 */
class Bounds {
  private values = new Float64Array(1024);
  private readonly named: number[] = [];
  length = 0;

  add(ranges: readonly Range[], batchId: string): void {
    if (this.length + ranges.length * 2 > this.values.length) {
      const grown = new Float64Array(Math.max(this.values.length * 2, this.length + ranges.length * 2));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    for (const range of ranges) {
      const carried = (range as Partial<SerialRange>).batchId;
      if (carried !== undefined && carried !== batchId) throw new Error(`a range of ${batchId} names batch ${carried}`);
      this.named.push(carried === undefined ? 0 : 1);
      this.values[this.length++] = range.start;
      this.values[this.length++] = range.end;
    }
  }

  done(): { bounds: Float64Array; named: Uint8Array } {
    return { bounds: this.values.slice(0, this.length), named: Uint8Array.from(this.named) };
  }
}

function encodeState(schema: string, state: CreditMarketState): Encoded {
  const fields = Object.keys(state).sort();
  if (fields.join(',') !== STATE_FIELDS.join(',')) throw new Error(`the market state's fields changed (${fields.join(', ')}): update market-state-codec.ts`);
  const strings = new Strings();

  const tradableAccount: number[] = [];
  const tradableBatch: number[] = [];
  const tradableCount: number[] = [];
  const tradableBounds = new Bounds();
  for (const [accountId, byBatch] of state.tradable) {
    for (const [batchId, ranges] of byBatch) {
      tradableAccount.push(strings.of(accountId));
      tradableBatch.push(strings.of(batchId));
      tradableCount.push(ranges.length);
      tradableBounds.add(ranges, batchId);
    }
  }
  const retiredBatch: number[] = [];
  const retiredCount: number[] = [];
  const retiredBounds = new Bounds();
  for (const [batchId, ranges] of state.retired) {
    retiredBatch.push(strings.of(batchId));
    retiredCount.push(ranges.length);
    retiredBounds.add(ranges, batchId);
  }
  const cancelledBatch: number[] = [];
  const cancelledCount: number[] = [];
  const cancelledBounds = new Bounds();
  for (const [batchId, ranges] of state.cancelled) {
    cancelledBatch.push(strings.of(batchId));
    cancelledCount.push(ranges.length);
    cancelledBounds.add(ranges, batchId);
  }

  const orders = [...state.orders.values()];
  const indexOf = new Map<string, number>();
  const orderNumbers = new Float64Array(orders.length * ORDER_NUMBERS);
  const orderOwner = new Uint32Array(orders.length);
  const orderSide = new Uint32Array(orders.length);
  const orderStatus = new Uint32Array(orders.length);
  const reservedCount = new Uint32Array(orders.length);
  const reservedBatch: number[] = [];
  const reservedBounds: number[] = [];
  const fundingMatched = new Float64Array(orders.length);
  const fundingReservation: (string | null)[] = [];
  const orderLabels = new Uint8Array(orders.length);
  orders.forEach((order, index) => {
    for (const key in order) if (!ORDER_FIELDS.has(key)) throw new Error(`an order has a field the codec does not know (${key}): update market-state-codec.ts`);
    indexOf.set(order.orderId, index);
    orderOwner[index] = strings.of(order.ownerId);
    orderSide[index] = strings.of(order.side);
    orderStatus[index] = strings.of(order.status);
    orderNumbers.set([order.priceCents, order.amount, order.remaining, order.seq], index * ORDER_NUMBERS);
    reservedCount[index] = order.reserved.length;
    for (const range of order.reserved) reservedBatch.push(strings.of(range.batchId));
    for (const range of order.reserved) reservedBounds.push(range.start, range.end);
    fundingReservation.push(order.funding ? order.funding.reservationId : null);
    fundingMatched[index] = order.funding ? order.funding.matchedNotionalCents : 0;
    orderLabels[index] = labelBits(order.labels);
  });
  const book = (side: OrderBookSide<OrderState>): Uint32Array => {
    const indexes = new Uint32Array(side.length);
    let at = 0;
    for (const order of side) {
      const index = indexOf.get(order.orderId);
      if (index === undefined || orders[index] !== order) throw new Error(`order ${order.orderId} is on the book but not among the open orders`);
      indexes[at++] = index;
    }
    return indexes;
  };

  return {
    schema,
    seq: state.seq,
    strings: strings.list,
    batches: [...state.batches.values()].map((batch) => [
      batch.batchId,
      batch.seq,
      batch.projectName,
      batch.quantity,
      batch.serialPrefix,
      batch.nftId ?? null,
      [...batch.settled],
    ]),
    tradableAccount: Uint32Array.from(tradableAccount),
    tradableBatch: Uint32Array.from(tradableBatch),
    tradableCount: Uint32Array.from(tradableCount),
    tradableBounds: tradableBounds.done(),
    retiredBatch: Uint32Array.from(retiredBatch),
    retiredCount: Uint32Array.from(retiredCount),
    retiredBounds: retiredBounds.done(),
    cancelledBatch: Uint32Array.from(cancelledBatch),
    cancelledCount: Uint32Array.from(cancelledCount),
    cancelledBounds: cancelledBounds.done(),
    orderId: orders.map((order) => order.orderId),
    orderOwner,
    orderSide,
    orderStatus,
    orderNumbers,
    orderPlacedAt: orders.map((order) => order.placedAt),
    reservedCount,
    reservedBatch: Uint32Array.from(reservedBatch),
    reservedBounds: Float64Array.from(reservedBounds),
    fundingReservation,
    fundingMatched,
    orderLabels,
    bids: book(state.bids),
    asks: book(state.asks),
    offers: [...state.offers.values()],
  };
}

function ranges(encoded: { bounds: Float64Array; named: Uint8Array }, batchId: string, from: number, count: number): Range[] {
  const list: Range[] = new Array<Range>(count);
  for (let n = 0; n < count; n += 1) {
    const start = encoded.bounds[(from + n) * 2]!;
    const end = encoded.bounds[(from + n) * 2 + 1]!;
    list[n] = encoded.named[from + n] === 1 ? ({ batchId, start, end } as Range) : { start, end };
  }
  return list;
}

function decodeState(encoded: Encoded): CreditMarketState {
  const state = initialCreditMarketState();
  state.seq = encoded.seq;
  const text = (index: number): string => {
    const value = encoded.strings[index];
    if (value === undefined) throw new Error(`string ${index} is not in the snapshot`);
    return value;
  };
  for (const [batchId, seq, projectName, quantity, serialPrefix, nftId, settled] of encoded.batches) {
    const batch: BatchState = { batchId, seq, projectName, quantity, serialPrefix, nftId: nftId ?? undefined, settled: new Set(settled) };
    state.batches.set(batchId, batch);
  }
  let range = 0;
  for (let index = 0; index < encoded.tradableCount.length; index += 1) {
    const count = encoded.tradableCount[index]!;
    const accountId = text(encoded.tradableAccount[index]!);
    let byBatch = state.tradable.get(accountId);
    if (!byBatch) {
      byBatch = new Map();
      state.tradable.set(accountId, byBatch);
    }
    const batchId = text(encoded.tradableBatch[index]!);
    byBatch.set(batchId, ranges(encoded.tradableBounds, batchId, range, count));
    range += count;
  }
  range = 0;
  for (let index = 0; index < encoded.retiredCount.length; index += 1) {
    const count = encoded.retiredCount[index]!;
    const batchId = text(encoded.retiredBatch[index]!);
    state.retired.set(batchId, ranges(encoded.retiredBounds, batchId, range, count));
    range += count;
  }
  range = 0;
  for (let index = 0; index < encoded.cancelledCount.length; index += 1) {
    const count = encoded.cancelledCount[index]!;
    const batchId = text(encoded.cancelledBatch[index]!);
    state.cancelled.set(batchId, ranges(encoded.cancelledBounds, batchId, range, count));
    range += count;
  }
  const orderCount = encoded.orderId.length;
  const orders: OrderState[] = new Array<OrderState>(orderCount);
  range = 0;
  for (let index = 0; index < orderCount; index += 1) {
    const orderId = encoded.orderId[index]!;
    const count = encoded.reservedCount[index]!;
    const reserved: SerialRange[] = new Array<SerialRange>(count);
    for (let n = 0; n < count; n += 1) {
      const at = range + n;
      reserved[n] = { batchId: text(encoded.reservedBatch[at]!), start: encoded.reservedBounds[at * 2]!, end: encoded.reservedBounds[at * 2 + 1]! };
    }
    range += count;
    const numbers = index * ORDER_NUMBERS;
    const reservationId = encoded.fundingReservation[index];
    const ownerId = text(encoded.orderOwner[index]!);
    const side = text(encoded.orderSide[index]!) as OrderState['side'];
    const priceCents = encoded.orderNumbers[numbers]!;
    const amount = encoded.orderNumbers[numbers + 1]!;
    const remaining = encoded.orderNumbers[numbers + 2]!;
    const seq = encoded.orderNumbers[numbers + 3]!;
    const status = text(encoded.orderStatus[index]!) as OrderState['status'];
    const placedAt = encoded.orderPlacedAt[index]!;
    // Two literals rather than spreading the optional field in: V8 builds a literal with a spread
    // through a generic property copy, once for each of ~45,000 orders.
    const order: OrderState =
      reservationId === null || reservationId === undefined
        ? { orderId, ownerId, side, priceCents, amount, remaining, seq, status, placedAt, reserved }
        : {
            orderId,
            ownerId,
            side,
            priceCents,
            amount,
            remaining,
            seq,
            status,
            placedAt,
            reserved,
            funding: { reservationId, matchedNotionalCents: encoded.fundingMatched[index]! },
          };
    // Few bids require labels: only theirs are copied.
    const bits = encoded.orderLabels[index]!;
    const decoded: OrderState = bits === 0 ? order : { ...order, labels: labelsOfBits(bits) };
    orders[index] = decoded;
    state.orders.set(orderId, decoded);
  }
  const book = (indexes: Uint32Array): OrderState[] => {
    const list = new Array<OrderState>(indexes.length);
    for (let at = 0; at < indexes.length; at += 1) {
      const order = orders[indexes[at]!];
      if (!order) throw new Error(`book entry ${indexes[at]} is not an open order`);
      list[at] = order;
    }
    return list;
  };
  for (const offer of encoded.offers) state.offers.set(offer.offerId, offer);
  return { ...state, bids: OrderBookSide.fromSorted(book(encoded.bids)), asks: OrderBookSide.fromSorted(book(encoded.asks)) };
}

const SCHEMA = `market-columns.${MARKET_STATE_VERSION}`;

/**
 * What encoding the state costs, in items: its open orders and serial ranges (held, retired,
 * escrowed, offered). ~0.5–0.8 µs each at 1,000,000 events (bench:market-load: 131–212 ms for
 * ~261,000); the store spaces its snapshots by it. Counted from the columns, which hold each once.
 */
function workOf(encoded: Encoded): number {
  let items =
    encoded.orderId.length +
    encoded.tradableBounds.named.length +
    encoded.retiredBounds.named.length +
    encoded.cancelledBounds.named.length +
    encoded.reservedBatch.length;
  for (const offer of encoded.offers) items += offer.ranges.length;
  return items;
}

/**
 * zstd at its fastest level: the columns of a 1,000,000-event market (9.7 MB) become 2.1 MB in ~21 ms
 * and come back in ~12 ms, where reading the 9.7 MB row took ~137 ms (docs/benchmarks.md).
 */
const ZSTD = { params: { [zlibConstants.ZSTD_c_compressionLevel]: 1 } };

/**
 * The output buffer of a decompression: the columns compress 4–5 times, so one buffer of this
 * size mostly holds them whole; with zlib's default of 64 KiB, a 9.7 MB state came back in ~150
 * pieces copied into one (~7 of ~19 ms).
 */
const decompressChunk = (compressed: Buffer): number => Math.min(32 * 2 ** 20, Math.max(64 * 2 ** 10, compressed.length * 8));

/** A state encoded, and what encoding it cost in items (see workOf). */
export function encodeMarketState(state: CreditMarketState): { bytes: Buffer; work: number } {
  const encoded = encodeState(SCHEMA, state);
  return { bytes: zstdCompressSync(v8.serialize(encoded), ZSTD), work: workOf(encoded) };
}

/** A snapshot decoded, and what encoding its state costs in items (see workOf). */
export function decodeMarketState(bytes: Buffer): { state: CreditMarketState; work: number } {
  const encoded = v8.deserialize(zstdDecompressSync(bytes, { chunkSize: decompressChunk(bytes) })) as Partial<Encoded> | undefined;
  if (encoded?.schema !== SCHEMA) throw new Error(`not a state of schema ${SCHEMA}`);
  return { state: decodeState(encoded as Encoded), work: workOf(encoded as Encoded) };
}

/** The credit market's snapshot codec (docs/snapshots.md). */
export const marketStateCodec: StateCodec<CreditMarketState> = {
  schema: SCHEMA,
  encode: (state) => encodeMarketState(state).bytes,
  decode: (bytes) => decodeMarketState(bytes).state,
};
