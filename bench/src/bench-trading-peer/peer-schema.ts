import type pg from 'pg';
import { inTransaction } from '../pg-transaction.js';

/** The peer's tables live in a schema of their own on the bench's PostgreSQL, beside the product's. */
export const PEER_SCHEMA = 'trading_peer';

/** The platform's cash accounts in the peer, named as the product's ledger names them. */
export const PEER_ACCOUNTS = {
  clearing: 'platform:clearing',
  feeRevenue: 'platform:fee-revenue',
  orderSettlement: 'platform:order-settlement',
} as const;

export function peerUserAccount(userId: string): string {
  return `user:${userId}`;
}

export function peerMarketId(projectType: string, vintage: number): string {
  return `${projectType}:${vintage}`;
}

/**
 * The conventional exchange's tables: one row per user's cash account with its posted and pending
 * balances (credits minus debits; the platform's accounts are never checked for a balance, so they
 * have no row every trade would lock, their balance is the sum of their transfers) and every transfer that moved them (double entry: one debit,
 * one credit, one amount), one row per market (the lock matching takes), orders with their time
 * priority (`seq`), serial blocks with their owner (and the sell order that holds them), trades,
 * and the Idempotency-Key of every request with its answer.
 */
const DDL = `
create schema ${PEER_SCHEMA};
create table ${PEER_SCHEMA}.accounts (
  account_id text primary key,
  posted bigint not null default 0,
  pending bigint not null default 0
);
create table ${PEER_SCHEMA}.transfers (
  transfer_id bigint generated always as identity primary key,
  ledger text not null check (ledger in ('posted', 'pending')),
  debit_account text not null,
  credit_account text not null check (credit_account <> debit_account),
  amount bigint not null check (amount > 0),
  order_id uuid,
  recorded_at timestamptz not null default now()
);
create table ${PEER_SCHEMA}.markets (
  market_id text primary key
);
create table ${PEER_SCHEMA}.orders (
  order_id uuid primary key,
  market_id text not null references ${PEER_SCHEMA}.markets,
  owner_id text not null,
  side text not null check (side in ('buy', 'sell')),
  amount integer not null check (amount > 0),
  remaining integer not null check (remaining >= 0),
  limit_cents bigint not null check (limit_cents > 0),
  matched_notional_cents bigint not null default 0,
  hold_cents bigint not null default 0,
  status text not null,
  seq bigint generated always as identity,
  created_at timestamptz not null default now()
);
create index orders_asks on ${PEER_SCHEMA}.orders (market_id, limit_cents, seq) where side = 'sell' and remaining > 0;
create index orders_bids on ${PEER_SCHEMA}.orders (market_id, limit_cents desc, seq) where side = 'buy' and remaining > 0;
create table ${PEER_SCHEMA}.holdings (
  block_id bigint generated always as identity primary key,
  market_id text not null references ${PEER_SCHEMA}.markets,
  batch_id text not null,
  first_serial bigint not null,
  last_serial bigint not null check (last_serial >= first_serial),
  owner_id text not null,
  order_id uuid
);
create index holdings_owner on ${PEER_SCHEMA}.holdings (owner_id, market_id) where order_id is null;
create index holdings_order on ${PEER_SCHEMA}.holdings (order_id, first_serial) where order_id is not null;
create table ${PEER_SCHEMA}.trades (
  trade_id uuid primary key,
  market_id text not null,
  buy_order_id uuid not null,
  sell_order_id uuid not null,
  buyer_id text not null,
  seller_id text not null,
  quantity integer not null,
  price_cents bigint not null,
  notional_cents bigint not null,
  fee_cents bigint not null,
  serials text not null,
  executed_at timestamptz not null default now()
);
create table ${PEER_SCHEMA}.idempotency_keys (
  user_id text not null,
  key text not null,
  fingerprint text not null,
  status integer,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
`;

export async function createPeerSchema(pool: pg.Pool): Promise<void> {
  await pool.query(`drop schema if exists ${PEER_SCHEMA} cascade`);
  await pool.query(DDL);
}

export interface PeerMarketSeed {
  readonly projectType: string;
  readonly vintage: number;
  readonly batchId: string;
  /** Credits issued to the seller (serials 1 … quantity). */
  readonly quantity: number;
  /** One-credit asks at `askPriceCents`, each holding one serial, from serial 1 up. */
  readonly asks: number;
  readonly askPriceCents: number;
}

/**
 * Lays the bench's starting state down in the peer, as the product's set-up does through its
 * commands: the seller's issued serials and its one-credit asks (each holding one serial; the
 * rest of the batch one block the seller holds freely), and every buyer's deposit.
 */
export async function seedPeer(
  pool: pg.Pool,
  seed: { readonly sellerId: string; readonly buyerIds: readonly string[]; readonly depositCents: number; readonly markets: readonly PeerMarketSeed[] },
): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(`insert into ${PEER_SCHEMA}.accounts (account_id) values ($1) on conflict do nothing`, [peerUserAccount(seed.sellerId)]);
    for (const market of seed.markets) {
      const marketId = peerMarketId(market.projectType, market.vintage);
      await client.query(`insert into ${PEER_SCHEMA}.markets (market_id) values ($1)`, [marketId]);
      // The asks first, so their seq (time priority) follows their serials.
      await client.query(
        `insert into ${PEER_SCHEMA}.orders (order_id, market_id, owner_id, side, amount, remaining, limit_cents, status)
         select gen_random_uuid(), $1, $2, 'sell', 1, 1, $3, 'pending' from generate_series(1, $4::int) n order by n`,
        [marketId, seed.sellerId, market.askPriceCents, market.asks],
      );
      await client.query(
        `insert into ${PEER_SCHEMA}.holdings (market_id, batch_id, first_serial, last_serial, owner_id, order_id)
         select $1, $2, asks.n, asks.n, $3, asks.order_id
           from (select order_id, row_number() over (order by seq) as n from ${PEER_SCHEMA}.orders where market_id = $1 and side = 'sell') asks`,
        [marketId, market.batchId, seed.sellerId],
      );
      if (market.quantity > market.asks) {
        await client.query(`insert into ${PEER_SCHEMA}.holdings (market_id, batch_id, first_serial, last_serial, owner_id) values ($1, $2, $3, $4, $5)`, [
          marketId,
          market.batchId,
          market.asks + 1,
          market.quantity,
          seed.sellerId,
        ]);
      }
    }
    for (const buyerId of seed.buyerIds) {
      const account = peerUserAccount(buyerId);
      await client.query(`insert into ${PEER_SCHEMA}.accounts (account_id, posted) values ($1, $2)`, [account, seed.depositCents]);
      await client.query(`insert into ${PEER_SCHEMA}.transfers (ledger, debit_account, credit_account, amount) values ('posted', $1, $2, $3)`, [
        PEER_ACCOUNTS.clearing,
        account,
        seed.depositCents,
      ]);
    }
  });
  for (const table of ['accounts', 'transfers', 'markets', 'orders', 'holdings']) await pool.query(`analyze ${PEER_SCHEMA}.${table}`);
}
