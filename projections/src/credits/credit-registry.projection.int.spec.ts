import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type CreditEvent, type OrderEvent, type XrplActionEvent, xrplActionStreamId } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { issuedBatch } from '../test-support/registry-events.js';
import { creditRegistryProjection } from './credit-registry.projection.js';
import { creditRetirementsProjection } from './credit-retirements.projection.js';
import { creditTradesProjection, xrplTradeId } from './credit-trades.projection.js';

const TOKEN = 'SOLAR-2025-0A1B2C3D';
const OTHER_TOKEN = 'SOLAR-2025-FFFF0000';
const MARKET = creditMarketStreamId('Solar Energy', 2025);
const SELLER = 'seller-1';
const BUYER = 'buyer-1';
const FRIEND = 'friend-1';
const SELL_ORDER = randomUUID();
const BUY_ORDER = randomUUID();
const RETIREMENT = randomUUID();
const BUYER_RETIREMENT = randomUUID();
const HASH = (digit: string): string => digit.repeat(64);
const at = (minute: number): string => new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString();

const issued = (batchId: string, quantity: number, accountId: string): CreditEvent =>
  issuedBatch(batchId, quantity, accountId, {
    projectId: 'proj-1',
    projectName: 'Sunny Fields',
    projectType: 'Solar Energy',
    description: 'Rooftop solar',
    standard: 'Gold Standard',
    methodology: 'AMS-I.D.',
    scopes: { scope1: 50, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
    xrplAddress: 'rIssuerAddressXXXXXXXXXXXXXXXX',
    issuedAt: at(0),
  });

describe('credit projections on PostgreSQL', () => {
  const bed = useProjectionTestBed([creditRegistryProjection, creditTradesProjection, creditRetirementsProjection]);
  const db = () => bed.db;
  const append = (streamId: string, events: readonly (CreditEvent | OrderEvent | XrplActionEvent)[]) => bed.append(streamId, events);

  const holdings = () =>
    db()
      .selectFrom('credit_holdings')
      .select(['token_id', 'serial_start', 'serial_end', 'account_id', 'status', 'order_id'])
      .orderBy('token_id')
      .orderBy('serial_start')
      .execute();

  /** Blocks of a batch tile 1..quantity exactly: no overlap, no gap. */
  async function expectTiled(tokenId: string, quantity: number): Promise<void> {
    const rows = (await holdings()).filter((row) => row.token_id === tokenId);
    let next = 1;
    for (const row of rows) {
      expect(row.serial_start).toBe(next);
      expect(row.serial_end).toBeGreaterThanOrEqual(row.serial_start);
      next = row.serial_end + 1;
    }
    expect(next).toBe(quantity + 1);
  }

  async function totals(tokenId: string): Promise<Record<string, number>> {
    const totals: Record<string, number> = { tradable: 0, reserved: 0, retired: 0 };
    for (const row of await holdings()) {
      if (row.token_id === tokenId) totals[row.status] = (totals[row.status] ?? 0) + row.serial_end - row.serial_start + 1;
    }
    return totals;
  }

  const blocksOf = async (accountId: string) =>
    (await holdings())
      .filter((row) => row.account_id === accountId && row.token_id === TOKEN)
      .map((row) => `${row.serial_start}-${row.serial_end}:${row.status}${row.order_id ? `:${row.order_id === SELL_ORDER ? 'sell' : row.order_id}` : ''}`);

  it('issues a batch: one tradable block 1..quantity for the issuer', async () => {
    await append(MARKET, [issued(TOKEN, 100, SELLER), issued(OTHER_TOKEN, 40, FRIEND)]);
    expect(await blocksOf(SELLER)).toEqual(['1-100:tradable']);
    const batch = await db().selectFrom('credit_batches').selectAll().where('token_id', '=', TOKEN).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ quantity: 100, retired: 0, project_type: 'Solar Energy', vintage: 2025, settlement_status: 'pending', nft_id: null });
    expect(batch.settlement_transactions).toEqual([]);
    await expectTiled(OTHER_TOKEN, 40);
  });

  it('reserves a sell order escrow, and a match moves part of it to the buyer', async () => {
    await append(MARKET, [
      {
        type: 'OrderPlaced',
        data: {
          orderId: SELL_ORDER,
          ownerId: SELLER,
          side: 'sell',
          amount: 11,
          price: '12.50',
          projectType: 'Solar Energy',
          vintage: 2025,
          reserved: [{ batchId: TOKEN, start: 10, end: 20 }],
          placedAt: at(1),
        },
      },
    ]);
    expect(await blocksOf(SELLER)).toEqual(['1-9:tradable', '10-20:reserved:sell', '21-100:tradable']);

    // The buy order and its match arrive in one append.
    await append(MARKET, [
      {
        type: 'OrderPlaced',
        data: { orderId: BUY_ORDER, ownerId: BUYER, side: 'buy', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2025, placedAt: at(2) },
      },
      {
        type: 'TradeExecuted',
        data: {
          tradeId: randomUUID(),
          kind: 'order-match',
          projectType: 'Solar Energy',
          vintage: 2025,
          buyOrderId: BUY_ORDER,
          sellOrderId: SELL_ORDER,
          aggressor: 'buy',
          buyerAccountId: BUYER,
          sellerAccountId: SELLER,
          quantity: 5,
          price: '12.50',
          ranges: [{ batchId: TOKEN, start: 10, end: 14 }],
          settlement: { status: 'pending' },
          executedAt: at(2),
        },
      },
    ]);
    expect(await blocksOf(SELLER)).toEqual(['1-9:tradable', '15-20:reserved:sell', '21-100:tradable']);
    expect(await blocksOf(BUYER)).toEqual(['10-14:tradable']);
    await expectTiled(TOKEN, 100);
  });

  it('a cancellation releases the rest of the escrow to the seller', async () => {
    await append(MARKET, [
      {
        type: 'OrderCancelled',
        data: { orderId: SELL_ORDER, cancelledBy: SELLER, remaining: 6, released: [{ batchId: TOKEN, start: 15, end: 20 }], cancelledAt: at(3) },
      },
    ]);
    expect(await blocksOf(SELLER)).toEqual(['1-9:tradable', '15-20:tradable', '21-100:tradable']);
    expect(await totals(TOKEN)).toEqual({ tradable: 100, reserved: 0, retired: 0 });
  });

  it('retires ranges that cut across blocks and records the retirements', async () => {
    await append(MARKET, [
      {
        type: 'CreditsRetired',
        data: {
          retirementId: RETIREMENT,
          batchId: TOKEN,
          accountId: SELLER,
          quantity: 10,
          ranges: [
            { batchId: TOKEN, start: 5, end: 9 },
            { batchId: TOKEN, start: 18, end: 22 },
          ],
          beneficiary: 'Acme Corp',
          purpose: 'Scope 2 offset 2025',
          standard: 'Gold Standard',
          offsetType: 'compensation',
          retiredBy: SELLER,
          retiredAt: at(4),
        },
      },
      {
        type: 'CreditsRetired',
        data: {
          retirementId: BUYER_RETIREMENT,
          batchId: TOKEN,
          accountId: BUYER,
          quantity: 2,
          ranges: [{ batchId: TOKEN, start: 10, end: 11 }],
          beneficiary: 'Buyer Ltd',
          purpose: '',
          standard: 'Verra VCS',
          offsetType: 'reduction',
          retiredBy: BUYER,
          burnTxHash: HASH('B'),
          retiredAt: at(5),
        },
      },
    ]);
    expect(await blocksOf(SELLER)).toEqual(['1-4:tradable', '5-9:retired', '15-17:tradable', '18-22:retired', '23-100:tradable']);
    expect(await blocksOf(BUYER)).toEqual(['10-11:retired', '12-14:tradable']);
    expect(await totals(TOKEN)).toEqual({ tradable: 88, reserved: 0, retired: 12 });
    await expectTiled(TOKEN, 100);
    const batch = await db().selectFrom('credit_batches').select('retired').where('token_id', '=', TOKEN).executeTakeFirstOrThrow();
    expect(batch.retired).toBe(12);

    const retirements = await db().selectFrom('credit_retirements').selectAll().orderBy('retired_at').execute();
    expect(retirements).toHaveLength(2);
    expect(retirements[0]).toMatchObject({
      retirement_id: RETIREMENT,
      token_id: TOKEN,
      project_name: 'Sunny Fields',
      project_type: 'Solar Energy',
      vintage: 2025,
      quantity: 10,
      beneficiary: 'Acme Corp',
      verification_status: 'pending',
      xrpl_tx_hash: null,
    });
    expect(retirements[0]!.ranges).toEqual([
      { batchId: TOKEN, start: 5, end: 9 },
      { batchId: TOKEN, start: 18, end: 22 },
    ]);
    // The holder's own burn on XRPL is the record: verified at once.
    expect(retirements[1]).toMatchObject({ retirement_id: BUYER_RETIREMENT, verification_status: 'verified', xrpl_tx_hash: HASH('B') });
  });

  it('records XRPL settlements of the issuance and of a retirement', async () => {
    await append(MARKET, [
      {
        type: 'XrplSettlementRecorded',
        data: {
          subject: 'issuance',
          subjectId: TOKEN,
          batchId: TOKEN,
          status: 'partial',
          nftId: 'NFT-1',
          transactions: [{ purpose: 'nft-mint', hash: HASH('A'), result: 'tesSUCCESS' }],
          reason: 'The destination has no NXCC trust line',
          recordedAt: at(6),
        },
      },
      {
        type: 'XrplSettlementRecorded',
        data: {
          subject: 'retirement',
          subjectId: RETIREMENT,
          batchId: TOKEN,
          status: 'settled',
          transactions: [
            { purpose: 'token-payment', hash: HASH('C'), result: 'tesSUCCESS' },
            { purpose: 'retirement-memo', hash: HASH('D'), result: 'tesSUCCESS' },
          ],
          recordedAt: at(6),
        },
      },
    ]);
    const batch = await db().selectFrom('credit_batches').selectAll().where('token_id', '=', TOKEN).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ nft_id: 'NFT-1', settlement_status: 'partial', settlement_reason: 'The destination has no NXCC trust line' });
    expect(batch.settlement_transactions).toEqual([{ purpose: 'nft-mint', hash: HASH('A'), result: 'tesSUCCESS' }]);
    const retirement = await db().selectFrom('credit_retirements').selectAll().where('retirement_id', '=', RETIREMENT).executeTakeFirstOrThrow();
    expect(retirement).toMatchObject({ xrpl_tx_hash: HASH('D'), verification_status: 'verified' });
  });

  it('records direct transfers and XRPL AMM swaps as trades', async () => {
    const direct = randomUUID();
    await append(MARKET, [
      {
        type: 'TradeExecuted',
        data: {
          tradeId: direct,
          kind: 'direct',
          projectType: 'Solar Energy',
          vintage: 2025,
          buyOrderId: null,
          sellOrderId: null,
          aggressor: null,
          buyerAccountId: FRIEND,
          sellerAccountId: SELLER,
          quantity: 12,
          price: '13.00',
          ranges: [
            { batchId: TOKEN, start: 15, end: 17 },
            { batchId: TOKEN, start: 91, end: 99 },
          ],
          settlement: { status: 'pending' },
          executedAt: at(7),
        },
      },
    ]);
    await append(xrplActionStreamId(HASH('E')), [
      {
        type: 'XrplCreditsSwapped',
        data: {
          txHash: HASH('E'),
          account: 'rBuyerAddressXXXXXXXXXXXXXXXXX',
          userId: BUYER,
          sellerAddress: 'rSellerAddressXXXXXXXXXXXXXXXX',
          creditId: 'NXCC',
          creditAmount: '3',
          xrpDrops: '10000000',
          executedAt: at(8),
        },
      },
    ]);
    expect(await blocksOf(FRIEND)).toEqual(['15-17:tradable', '91-99:tradable']);
    expect(await blocksOf(SELLER)).toContain('23-90:tradable');
    expect(await blocksOf(SELLER)).toContain('100-100:tradable');
    await expectTiled(TOKEN, 100);
    expect(await totals(TOKEN)).toEqual({ tradable: 88, reserved: 0, retired: 12 });

    const trades = await db().selectFrom('credit_trades').selectAll().orderBy('executed_at').execute();
    expect(trades.map((trade) => [trade.kind, trade.quantity, trade.price])).toEqual([
      ['order-match', 5, '12.50'],
      ['direct', 12, '13.00'],
      ['xrpl-amm', 3, '3.33'],
    ]);
    expect(trades[2]).toMatchObject({
      trade_id: xrplTradeId(HASH('E')),
      seller_account_id: 'rSellerAddressXXXXXXXXXXXXXXXX',
      buyer_account_id: BUYER,
      settlement_status: 'settled',
      settlement_tx_hash: HASH('E'),
      vintage: null,
      ranges: [],
    });
    expect(xrplTradeId(HASH('E'))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('rebuilds the same rows event by event as the runners built in batches', async () => {
    const snapshot = async () => ({
      holdings: await holdings(),
      batches: await db().selectFrom('credit_batches').selectAll().orderBy('token_id').execute(),
      retirements: await db().selectFrom('credit_retirements').selectAll().orderBy('retirement_id').execute(),
      trades: await db().selectFrom('credit_trades').selectAll().orderBy('trade_id').execute(),
    });
    const before = await snapshot();
    await bed.rebuild(1);
    expect(await snapshot()).toEqual(before);
  });
});
