import { describe, expect, it } from 'vitest';
import { carbonPricesResponse } from './carbon-prices.contract.js';
import { projectCredit, projectCredits } from './project-credits.js';
import { referenceCarbonPrices, referenceMarketPrices } from './reference-prices.js';

/** Percent change against the previous price, formatted the way the cards show it. */
function expectedPct(price: number, change: number): string {
  const pct = (change / (price - change)) * 100;
  return `${pct >= 0 ? '+' : '-'}${Math.abs(pct).toFixed(1)}%`;
}

describe('reference carbon prices', () => {
  it('answers GET /api/carbon-prices with the eight spec prices marked as reference data', () => {
    const answer = carbonPricesResponse.parse(referenceCarbonPrices(new Date('2026-01-02T03:04:05Z')));
    expect(answer.source).toBe('reference');
    expect(answer.asOf).toBe('2026-01-02T03:04:05.000Z');
    expect(answer.markets.map((m) => `${m.market} ${m.price} ${m.currency}`)).toEqual([
      'EU ETS 75.94 EUR',
      'UK ETS 36.61 GBP',
      'California 36.52 USD',
      'Quebec 36.52 CAD',
      'RGGI 24.13 USD',
      'China ETS 98 CNY',
      'K-ETS 27500 KRW',
      'NZ ETS 71.25 NZD',
    ]);
  });

  it('keeps changePct consistent with change24h', () => {
    for (const row of referenceMarketPrices) {
      expect(row.changePct, row.market).toBe(expectedPct(row.price, row.change24h));
    }
  });
});

describe('project credits', () => {
  it('holds the 13 spec samples in order, priced 3.80 to 95.50', () => {
    expect(projectCredits.map((credit) => `${credit.category}:${credit.name}`)).toEqual([
      'nature:REDD+ Forestry',
      'nature:Improved Forest Mgmt',
      'nature:Grassland Restoration',
      'renewable:Solar RECs',
      'renewable:Wind I-RECs',
      'renewable:Hydro Power',
      'technology:Direct Air Capture',
      'technology:Enhanced CCS',
      'technology:Biochar Production',
      'premium:CORSIA Aviation',
      'premium:CIX Singapore',
      'premium:ACX Blockchain',
      'premium:ICVCM CCP Standard',
    ]);
    const prices = projectCredits.map((credit) => credit.price);
    expect(Math.min(...prices)).toBe(3.8);
    expect(Math.max(...prices)).toBe(95.5);
  });

  it('has valid rows with consistent changePct', () => {
    for (const credit of projectCredits) {
      expect(projectCredit.safeParse(credit).success, credit.name).toBe(true);
      expect(credit.changePct, credit.name).toBe(expectedPct(credit.price, credit.change24h));
    }
  });
});
