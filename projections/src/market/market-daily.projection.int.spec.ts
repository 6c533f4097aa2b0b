import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type CreditEvent } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { marketDailyProjection } from './market-daily.projection.js';

const MARKET = creditMarketStreamId('Forestry', 2025);
const TOKEN = 'FORESTRY-2025-00C0FFEE';

function trade(price: string, quantity: number, executedAt: string, start: number): CreditEvent {
  return {
    type: 'TradeExecuted',
    data: {
      tradeId: randomUUID(),
      kind: 'direct',
      projectType: 'Forestry',
      vintage: 2025,
      buyOrderId: null,
      sellOrderId: null,
      aggressor: null,
      buyerAccountId: 'buyer',
      sellerAccountId: 'issuer',
      quantity,
      price,
      ranges: [{ batchId: TOKEN, start, end: start + quantity - 1 }],
      settlement: { status: 'pending' },
      executedAt,
    },
  };
}

describe('market-daily projection: daily prices and account positions', () => {
  const bed = useProjectionTestBed([marketDailyProjection]);

  it('keeps open, close, high, low, volume and notional per UTC day across batches, and each account’s daily change', async () => {
    await bed.append(MARKET, [
      {
        type: 'CreditsIssued',
        data: {
          batchId: TOKEN,
          projectId: 'P-1',
          projectName: 'Forest',
          projectType: 'Forestry',
          description: '',
          vintage: 2025,
          standard: 'Gold Standard',
          methodology: 'ARR',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: 100,
          serialPrefix: `NXCC-${TOKEN}`,
          accountId: 'issuer',
          issuedBy: 'issuer',
          xrplAddress: '',
          source: 'registry',
          issuedAt: '2026-03-01T08:00:00.000Z',
        },
      },
      trade('12.00', 10, '2026-03-01T09:00:00.000Z', 1),
      trade('12.50', 5, '2026-03-01T23:59:59.000Z', 11),
    ]);
    // A later batch on the same day moves the close and widens the range.
    await bed.append(MARKET, [trade('11.00', 5, '2026-03-01T23:59:59.500Z', 16), trade('13.00', 2, '2026-03-02T00:00:00.000Z', 21)]);

    const days = await bed.db
      .selectFrom('market_daily_prices')
      .select([sql<string>`day::text`.as('day'), 'open', 'close', 'high', 'low', 'volume', 'notional', 'trades'])
      .orderBy('day')
      .execute();
    expect(days).toEqual([
      { day: '2026-03-01', open: '12.00', close: '11.00', high: '12.50', low: '11.00', volume: '20', notional: '237.50', trades: 3 },
      { day: '2026-03-02', open: '13.00', close: '13.00', high: '13.00', low: '13.00', volume: '2', notional: '26.00', trades: 1 },
    ]);
    const positions = await bed.db
      .selectFrom('account_daily_positions')
      .select(['account_id', sql<string>`day::text`.as('day'), 'change'])
      .orderBy('account_id')
      .orderBy('day')
      .execute();
    expect(positions).toEqual([
      { account_id: 'buyer', day: '2026-03-01', change: '20' },
      { account_id: 'buyer', day: '2026-03-02', change: '2' },
      { account_id: 'issuer', day: '2026-03-01', change: '80' },
      { account_id: 'issuer', day: '2026-03-02', change: '-2' },
    ]);
  });
});
