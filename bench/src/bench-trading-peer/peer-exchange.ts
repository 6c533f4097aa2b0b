import { randomUUID } from 'node:crypto';
import { buyHoldCents, buyReservationCents, centsToPrice, fillCash, type PlaceOrderRequest, priceToCents } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { PEER_ACCOUNTS, PEER_SCHEMA, peerMarketId, peerUserAccount } from './peer-schema.js';

/** What the peer answers a request: the HTTP status and body, stored with its Idempotency-Key. */
export interface PeerAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** PostgreSQL's serialization failure and deadlock: the transaction is run again from the start. */
const RETRIED = new Set(['40001', '40P01']);
const ATTEMPTS = 8;
const S = PEER_SCHEMA;

interface RestingOrder {
  readonly order_id: string;
  readonly owner_id: string;
  readonly remaining: number;
  readonly limit_cents: string;
  readonly matched_notional_cents: string;
}

interface Posting {
  readonly ledger: 'posted' | 'pending';
  readonly debit: string;
  readonly credit: string;
  readonly amount: number;
  readonly orderId: string;
}

/** One request's cash movements, written at the end of its transaction: the transfers, and the deltas of the user accounts they touch. */
class Postings {
  readonly transfers: Posting[] = [];
  private readonly deltas = new Map<string, { posted: number; pending: number }>();

  add(posting: Posting): void {
    if (posting.amount === 0) return;
    this.transfers.push(posting);
    this.move(posting.debit, posting.ledger, -posting.amount);
    this.move(posting.credit, posting.ledger, posting.amount);
  }

  private move(account: string, ledger: 'posted' | 'pending', amount: number): void {
    if (!account.startsWith('user:')) return; // the platform's balances are the sums of their transfers
    const delta = this.deltas.get(account) ?? { posted: 0, pending: 0 };
    delta[ledger] += amount;
    this.deltas.set(account, delta);
  }

  /** The user accounts' deltas, in account order (one lock order for every transaction). */
  userDeltas(): { account: string; posted: number; pending: number }[] {
    return [...this.deltas].map(([account, delta]) => ({ account, ...delta })).sort((a, b) => (a.account < b.account ? -1 : 1));
  }
}

class Refused extends Error {
  constructor(readonly answer: PeerAnswer) {
    super(String(answer.body['message']));
  }
}

/**
 * The exchange a team would build instead of the event log: one PostgreSQL transaction per
 * request with row locks. A request claims its Idempotency-Key (a concurrent repeat waits on
 * the key's row, then reads the answer), checks and reserves the cash of a buy (or the serials of
 * a sell) under the account's row lock, enters the order, matches it at the resting price in
 * price-time order under the market's row lock, moves the serial blocks, posts the cash buyer →
 * seller and fee from the buy order's hold (delivery versus payment: one commit), and stores its
 * answer with the key. Serialization failures and deadlocks run the transaction again.
 */
export class PeerExchange {
  /** Statements sent, for the bench's statements-per-trade figure. */
  statements = 0;

  constructor(private readonly pool: pg.Pool) {}

  async place(userId: string, key: string | undefined, fingerprint: string, order: PlaceOrderRequest): Promise<PeerAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.pool.connect();
      try {
        return await this.attempt(client, userId, key, fingerprint, order);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!(code && RETRIED.has(code)) || attempt >= ATTEMPTS) throw error;
      } finally {
        client.release();
      }
    }
  }

  private async attempt(client: pg.PoolClient, userId: string, key: string | undefined, fingerprint: string, order: PlaceOrderRequest): Promise<PeerAnswer> {
    const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> => {
      this.statements += 1;
      return client.query<R>(text, values);
    };
    await query('begin');
    try {
      if (key !== undefined) {
        const claimed = await query(`insert into ${S}.idempotency_keys (user_id, key, fingerprint) values ($1, $2, $3) on conflict do nothing`, [
          userId,
          key,
          fingerprint,
        ]);
        if (claimed.rowCount === 0) {
          const { rows } = await query<{ fingerprint: string; status: number | null; answer: Record<string, unknown> | null }>(
            `select fingerprint, status, answer from ${S}.idempotency_keys where user_id = $1 and key = $2`,
            [userId, key],
          );
          await query('rollback');
          const first = rows[0];
          if (first && first.fingerprint !== fingerprint) {
            return { status: 422, body: { code: 'IdempotencyKeyReused', message: 'This Idempotency-Key was already used for a different request' } };
          }
          if (first?.status != null && first.answer) return { status: first.status, body: first.answer };
          return { status: 409, body: { code: 'Conflict', message: 'A request with this Idempotency-Key is still in progress' } };
        }
      }
      let answer: PeerAnswer;
      try {
        answer = await this.placeOrder(query, userId, order);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        // A refusal changes nothing but is kept with its key, as the product keeps it.
        await query('rollback');
        await query('begin');
        if (key !== undefined) {
          await query(
            `insert into ${S}.idempotency_keys (user_id, key, fingerprint, status, answer) values ($1, $2, $3, $4, $5)
             on conflict (user_id, key) do nothing`,
            [userId, key, fingerprint, error.answer.status, error.answer.body],
          );
        }
        await query('commit');
        return error.answer;
      }
      if (key !== undefined) {
        await query(`update ${S}.idempotency_keys set status = $3, answer = $4 where user_id = $1 and key = $2`, [userId, key, answer.status, answer.body]);
      }
      await query('commit');
      return answer;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  }

  private async placeOrder(
    query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>,
    userId: string,
    order: PlaceOrderRequest,
  ): Promise<PeerAnswer> {
    const marketId = peerMarketId(order.projectType, order.vintage);
    const limitCents = priceToCents(order.price);
    const orderId = randomUUID();
    const account = peerUserAccount(userId);
    const postings = new Postings();
    const isBuy = order.type === 'buy';

    if (isBuy) {
      // The cash check and reservation, under the buyer's account lock: no two requests overdraw it.
      const reservation = buyReservationCents(order.amount, limitCents);
      const { rows } = await query<{ posted: string; pending: string }>(`select posted, pending from ${S}.accounts where account_id = $1 for update`, [
        account,
      ]);
      const row = rows[0];
      const available = row ? Number(row.posted) + Number(row.pending) : 0;
      if (available < reservation) {
        throw new Refused({
          status: 409,
          body: {
            code: 'InsufficientFunds',
            message: 'Not enough funds',
            details: { currency: 'USD', available: centsToPrice(available), required: centsToPrice(reservation) },
          },
        });
      }
      postings.add({ ledger: 'pending', debit: account, credit: PEER_ACCOUNTS.orderSettlement, amount: reservation, orderId });
    } else {
      // The serials a sell holds: the seller's free blocks of the market, split at the amount.
      const { rows } = await query<{ block_id: string; first_serial: string; last_serial: string }>(
        `select block_id, first_serial, last_serial from ${S}.holdings where owner_id = $1 and market_id = $2 and order_id is null order by first_serial for update`,
        [userId, marketId],
      );
      let need = order.amount;
      const held = rows.reduce((sum, block) => sum + Number(block.last_serial) - Number(block.first_serial) + 1, 0);
      if (held < need) throw new Refused({ status: 409, body: { code: 'InsufficientCredits', message: `You hold ${held} credits of this market` } });
      for (const block of rows) {
        if (need === 0) break;
        const size = Number(block.last_serial) - Number(block.first_serial) + 1;
        if (size <= need) {
          await query(`update ${S}.holdings set order_id = $2 where block_id = $1`, [block.block_id, orderId]);
          need -= size;
        } else {
          const split = Number(block.first_serial) + need;
          await query(
            `with rest as (update ${S}.holdings set first_serial = $2 where block_id = $1 returning market_id, batch_id, owner_id)
             insert into ${S}.holdings (market_id, batch_id, first_serial, last_serial, owner_id, order_id)
             select market_id, batch_id, $3, $4, owner_id, $5 from rest`,
            [block.block_id, split, block.first_serial, split - 1, orderId],
          );
          need = 0;
        }
      }
    }

    // Matching: one market at a time, in price-time order at the resting price.
    const market = await query(`select market_id from ${S}.markets where market_id = $1 for update`, [marketId]);
    if (market.rowCount === 0) throw new Refused({ status: 404, body: { code: 'NotFound', message: `No market ${marketId}` } });
    const { rows: resting } = await query<RestingOrder>(
      isBuy
        ? `select order_id, owner_id, remaining, limit_cents, matched_notional_cents from ${S}.orders
            where market_id = $1 and side = 'sell' and remaining > 0 and limit_cents <= $2 order by limit_cents, seq limit $3 for update`
        : `select order_id, owner_id, remaining, limit_cents, matched_notional_cents from ${S}.orders
            where market_id = $1 and side = 'buy' and remaining > 0 and limit_cents >= $2 order by limit_cents desc, seq limit $3 for update`,
      [marketId, limitCents, order.amount],
    );

    let remaining = order.amount;
    let matchedNotional = 0;
    let notFilled: string | undefined;
    const fills: { readonly resting: string; readonly remainingAfter: number; readonly matchedAfter: number }[] = [];
    const trades: unknown[][] = [];
    for (const other of resting) {
      if (remaining === 0) break;
      if (other.owner_id === userId) {
        notFilled = `${remaining} not filled: your own ${isBuy ? 'sell' : 'buy'} order at ${centsToPrice(Number(other.limit_cents))}`;
        break;
      }
      const quantity = Math.min(remaining, other.remaining);
      const priceCents = Number(other.limit_cents);
      const buyer = isBuy ? { id: userId, orderId, limitCents, remaining, matched: matchedNotional } : undefined;
      const buyOrder = buyer ?? {
        id: other.owner_id,
        orderId: other.order_id,
        limitCents: priceCents,
        remaining: other.remaining,
        matched: Number(other.matched_notional_cents),
      };
      const sellerId = isBuy ? other.owner_id : userId;
      const sellOrderId = isBuy ? other.order_id : orderId;
      const cash = fillCash({ limitCents: buyOrder.limitCents, remaining: buyOrder.remaining, matchedNotionalCents: buyOrder.matched }, quantity, priceCents);
      const buyerAccount = peerUserAccount(buyOrder.id);
      // Delivery versus payment: the hold is drawn on, the seller and the fee paid, the rest given back, in the commit that moves the serials.
      postings.add({
        ledger: 'pending',
        debit: PEER_ACCOUNTS.orderSettlement,
        credit: buyerAccount,
        amount: cash.notionalCents + cash.feeCents + cash.releasedCents,
        orderId: buyOrder.orderId,
      });
      postings.add({ ledger: 'posted', debit: buyerAccount, credit: peerUserAccount(sellerId), amount: cash.notionalCents, orderId: buyOrder.orderId });
      postings.add({ ledger: 'posted', debit: buyerAccount, credit: PEER_ACCOUNTS.feeRevenue, amount: cash.feeCents, orderId: buyOrder.orderId });
      const serials = await this.moveSerials(query, sellOrderId, buyOrder.id, quantity);
      trades.push([
        randomUUID(),
        marketId,
        buyOrder.orderId,
        sellOrderId,
        buyOrder.id,
        sellerId,
        quantity,
        priceCents,
        cash.notionalCents,
        cash.feeCents,
        serials,
      ]);
      fills.push({
        resting: other.order_id,
        remainingAfter: other.remaining - quantity,
        matchedAfter: isBuy ? Number(other.matched_notional_cents) : Number(other.matched_notional_cents) + cash.notionalCents,
      });
      remaining -= quantity;
      if (isBuy) matchedNotional += cash.notionalCents;
    }
    if (fills.length > 0) {
      await query(
        `update ${S}.orders o set remaining = f.remaining, matched_notional_cents = f.matched,
                hold_cents = case when o.side = 'buy' then f.hold else 0 end,
                status = case when f.remaining = 0 then 'completed' else 'partially_filled' end
           from unnest($1::uuid[], $2::int[], $3::bigint[], $4::bigint[]) as f(order_id, remaining, matched, hold) where o.order_id = f.order_id`,
        [
          fills.map((fill) => fill.resting),
          fills.map((fill) => fill.remainingAfter),
          fills.map((fill) => fill.matchedAfter),
          fills.map((fill, index) => (isBuy ? 0 : buyHoldCents(fill.remainingAfter, Number(resting[index]!.limit_cents), fill.matchedAfter))),
        ],
      );
      await query(
        `insert into ${S}.trades (trade_id, market_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price_cents, notional_cents, fee_cents, serials)
         select * from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], $10::bigint[], $11::text[])`,
        Array.from({ length: 11 }, (_, column) => trades.map((trade) => trade[column])),
      );
    }
    // What a self-match stopped is cancelled, as the product does: a buy's hold on it is given back, a sell's serials are freed.
    const open = notFilled ? 0 : remaining;
    if (notFilled && remaining > 0) {
      if (isBuy) {
        const hold = buyHoldCents(remaining, limitCents, matchedNotional);
        postings.add({ ledger: 'pending', debit: PEER_ACCOUNTS.orderSettlement, credit: account, amount: hold, orderId });
      } else {
        await query(`update ${S}.holdings set order_id = null where order_id = $1`, [orderId]);
      }
    }
    const filled = order.amount - remaining;
    const status = open === 0 ? (filled === order.amount ? 'completed' : 'cancelled') : filled > 0 ? 'partially_filled' : 'pending';
    const hold = isBuy && open > 0 ? buyHoldCents(open, limitCents, matchedNotional) : 0;
    await query(
      `insert into ${S}.orders (order_id, market_id, owner_id, side, amount, remaining, limit_cents, matched_notional_cents, hold_cents, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [orderId, marketId, userId, order.type, order.amount, open, limitCents, matchedNotional, hold, status],
    );
    await this.writePostings(query, postings);
    return {
      status: 201,
      body: {
        id: orderId,
        type: order.type,
        amount: order.amount,
        price: order.price,
        projectType: order.projectType,
        filled,
        vintage: order.vintage,
        status,
        ownerId: userId,
        createdAt: new Date().toISOString(),
        ...(notFilled ? { notFilled } : {}),
      },
    };
  }

  /** Moves `quantity` serials of the sell order's blocks to the buyer, lowest first, splitting the last block; answers the ranges moved. */
  private async moveSerials(
    query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>,
    sellOrderId: string,
    buyerId: string,
    quantity: number,
  ): Promise<string> {
    const { rows } = await query<{ block_id: string; first_serial: string; last_serial: string }>(
      `select block_id, first_serial, last_serial from ${S}.holdings where order_id = $1 order by first_serial for update`,
      [sellOrderId],
    );
    let need = quantity;
    const ranges: string[] = [];
    for (const block of rows) {
      if (need === 0) break;
      const first = Number(block.first_serial);
      const size = Number(block.last_serial) - first + 1;
      if (size <= need) {
        await query(`update ${S}.holdings set owner_id = $2, order_id = null where block_id = $1`, [block.block_id, buyerId]);
        ranges.push(`${first}-${first + size - 1}`);
        need -= size;
      } else {
        await query(
          `with rest as (update ${S}.holdings set first_serial = $2 where block_id = $1 returning market_id, batch_id)
           insert into ${S}.holdings (market_id, batch_id, first_serial, last_serial, owner_id) select market_id, batch_id, $3, $4, $5 from rest`,
          [block.block_id, first + need, first, first + need - 1, buyerId],
        );
        ranges.push(`${first}-${first + need - 1}`);
        need = 0;
      }
    }
    if (need > 0) throw new Error(`sell order ${sellOrderId} holds ${quantity - need} serials, not ${quantity}`);
    return ranges.join(',');
  }

  /** The request's transfers in one insert and its user accounts' balances in one update, last, so the seller's row is locked only until the commit. */
  private async writePostings(
    query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>,
    postings: Postings,
  ): Promise<void> {
    const { transfers } = postings;
    if (transfers.length === 0) return;
    await query(
      `insert into ${S}.transfers (ledger, debit_account, credit_account, amount, order_id)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::uuid[])`,
      [
        transfers.map((t) => t.ledger),
        transfers.map((t) => t.debit),
        transfers.map((t) => t.credit),
        transfers.map((t) => t.amount),
        transfers.map((t) => t.orderId),
      ],
    );
    const deltas = postings.userDeltas();
    const updated = await query(
      `insert into ${S}.accounts as a (account_id, posted, pending)
       select * from unnest($1::text[], $2::bigint[], $3::bigint[])
       on conflict (account_id) do update set posted = a.posted + excluded.posted, pending = a.pending + excluded.pending`,
      [deltas.map((d) => d.account), deltas.map((d) => d.posted), deltas.map((d) => d.pending)],
    );
    if (updated.rowCount !== deltas.length) throw new Error(`updated ${updated.rowCount} accounts of ${deltas.length}`);
  }
}
