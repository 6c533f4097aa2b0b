import { CREDIT_CURRENCY_CODE, xrplActionStreamId, xrplWalletStreamId } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ProjectionTestBed, useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { ammReservesProjection } from './amm-reserves.projection.js';

const ISSUER = 'rIssuerOfTheCreditsXXXXXXXXXXXX';
const MARKET_MAKER = 'rMarketMakerOfThePoolXXXXXXXXXX';
const POOL = 'rTheAmmAccountOfThePoolXXXXXXXX';
const hash = (digit: string): string => digit.repeat(64);

function recorded(transactionType: string, result: string, digit: string, amount: string, amount2: string | undefined, submittedAt: string) {
  return {
    type: 'XrplTransactionRecorded',
    data: {
      walletRole: 'market_maker',
      account: MARKET_MAKER,
      transactionType,
      hash: hash(digit),
      result,
      validated: true,
      ledgerIndex: 10,
      fee: '12',
      sequence: 5,
      amount,
      ...(amount2 ? { amount2 } : {}),
      purpose: 'Open the XRP/NXCC pool',
      submittedAt,
    },
  };
}

function swapped(digit: string, executedAt: string, poolAfter?: { xrpDrops: string; credits: string }) {
  return {
    type: 'XrplCreditsSwapped',
    data: {
      txHash: hash(digit),
      account: 'rBuyerXXXXXXXXXXXXXXXXXXXXXXX',
      userId: 'trader',
      sellerAddress: MARKET_MAKER,
      creditId: 'SOLAR-2026-00000000',
      creditAmount: '10',
      xrpDrops: '120120000',
      ...(poolAfter ? { poolAfter: { account: POOL, ...poolAfter } } : {}),
      executedAt,
    },
  };
}

async function reserves(bed: ProjectionTestBed) {
  return bed.db
    .selectFrom('amm_reserves')
    .select(['tx_hash', 'cause', 'xrp_drops', sql<string>`credits::text`.as('credits'), sql<string>`observed_at::text`.as('observed_at')])
    .orderBy('observed_at')
    .execute();
}

describe('amm-reserves projection: the XRP/NXCC pool over time', () => {
  const bed = useProjectionTestBed([ammReservesProjection]);

  it('keeps the opening deposit and the pool after each swap, skips what did not change the pool, and equals a rebuild', async () => {
    const nxcc = (value: string): string => `${value} ${CREDIT_CURRENCY_CODE}/${ISSUER}`;
    await bed.append(xrplWalletStreamId('market_maker'), [
      // A pool that could not open leaves nothing to draw.
      recorded('AMMCreate', 'tecAMM_INVALID_TOKENS', '1', '1200000000000', nxcc('100000'), '2026-11-20T10:00:00.000Z'),
      recorded('AMMCreate', 'tesSUCCESS', '2', '1200000000000', nxcc('100000'), '2026-11-20T10:00:01.000Z'),
      // Funding the market maker is no change of the pool.
      recorded('Payment', 'tesSUCCESS', '3', nxcc('100000'), undefined, '2026-11-20T09:59:00.000Z'),
    ]);
    await bed.append(xrplActionStreamId(hash('4')), [swapped('4', '2026-11-21T08:00:00.000Z', { xrpDrops: '1200120120000', credits: '99990' })]);
    // A swap recorded before the pool was kept with it says nothing about the pool.
    await bed.append(xrplActionStreamId(hash('5')), [swapped('5', '2026-11-21T09:00:00.000Z')]);
    await bed.append(xrplActionStreamId(hash('6')), [swapped('6', '2026-11-22T08:00:00.000Z', { xrpDrops: '1200240260001', credits: '99980.00000000001' })]);
    // The same swap recorded again (a replay) is one observation.
    await bed.append(xrplActionStreamId(hash('6')), [swapped('6', '2026-11-22T08:00:00.000Z', { xrpDrops: '1200240260001', credits: '99980.00000000001' })]);

    const live = await reserves(bed);
    expect(live).toEqual([
      { tx_hash: hash('2'), cause: 'pool-opened', xrp_drops: '1200000000000', credits: '100000', observed_at: '2026-11-20 10:00:01+00' },
      { tx_hash: hash('4'), cause: 'swap', xrp_drops: '1200120120000', credits: '99990', observed_at: '2026-11-21 08:00:00+00' },
      { tx_hash: hash('6'), cause: 'swap', xrp_drops: '1200240260001', credits: '99980.00000000001', observed_at: '2026-11-22 08:00:00+00' },
    ]);

    await bed.rebuild(2);
    expect(await reserves(bed)).toEqual(live);
  });
});
