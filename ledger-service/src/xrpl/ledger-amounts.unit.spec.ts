import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { dropsToXrpText, formatAmount, ledgerTime, poolReservesAfter, sdgImpactOf } from './ledger-amounts.js';

describe('ledger amounts', () => {
  it('shows XRP as drops / 1,000,000 with 2 decimals', () => {
    expect(dropsToXrpText('1200000000000')).toBe('1200000.00');
    expect(dropsToXrpText('12')).toBe('0.00');
    expect(dropsToXrpText('15000')).toBe('0.02');
    expect(dropsToXrpText(-2_500_000n)).toBe('-2.50');
  });

  it('formats drops and issued currencies', () => {
    expect(formatAmount('1000000')).toBe('1.00 XRP');
    expect(formatAmount({ currency: '4E58434300000000000000000000000000000000', issuer: 'r', value: '12.5' })).toBe('12.5 NXCC');
    expect(formatAmount({ currency: 'USD', issuer: 'r', value: '3' })).toBe('3 USD');
    expect(formatAmount(undefined)).toBeNull();
  });

  it('describes the SDG impact of credits moved', () => {
    expect(sdgImpactOf({ value: 4.123, currency: 'NXCC' })).toBe('SDG 13 Climate Action: 4.12 tCO2e of verified credits');
  });

  it('reads rippled times', () => {
    expect(ledgerTime(undefined, 0)).toBe('2000-01-01T00:00:00.000Z');
    expect(ledgerTime('2026-11-22T10:00:00Z', 1)).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('poolReservesAfter', () => {
  const issuer = 'rIssuerXXXXXXXXXXXXXXXXXXXXXXXX';
  const pool = 'rPoolXXXXXXXXXXXXXXXXXXXXXXXXXX';
  const buyer = 'rBuyerXXXXXXXXXXXXXXXXXXXXXXXX';
  const line = (low: string, high: string, value: string) => ({
    ModifiedNode: {
      LedgerEntryType: 'RippleState',
      FinalFields: {
        Balance: { currency: CREDIT_CURRENCY_CODE, issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value },
        LowLimit: { issuer: low },
        HighLimit: { issuer: high },
      },
    },
  });
  const poolRoot = { ModifiedNode: { LedgerEntryType: 'AccountRoot', FinalFields: { Account: pool, AMMID: 'A'.repeat(64), Balance: '1200120120000' } } };
  const buyerRoot = { ModifiedNode: { LedgerEntryType: 'AccountRoot', FinalFields: { Account: buyer, Balance: '5000' } } };

  it("reads the pool's XRP and its NXCC line to the issuer, whichever side of the line holds the balance", () => {
    // The buyer's own line moves too; only the pool's counts.
    const meta = { AffectedNodes: [buyerRoot, line(buyer, issuer, '10'), poolRoot, line(pool, issuer, '99990')] };
    expect(poolReservesAfter(meta, issuer)).toEqual({ account: pool, xrpDrops: '1200120120000', credits: '99990' });
    expect(poolReservesAfter({ AffectedNodes: [poolRoot, line(issuer, pool, '-99990.5')] }, issuer)?.credits).toBe('99990.5');
  });

  it('answers nothing when the metadata does not show the pool', () => {
    expect(poolReservesAfter({ AffectedNodes: [buyerRoot, line(buyer, issuer, '10')] }, issuer)).toBeUndefined();
    expect(poolReservesAfter({ AffectedNodes: [poolRoot] }, issuer)).toBeUndefined();
    expect(poolReservesAfter(undefined, issuer)).toBeUndefined();
  });
});
