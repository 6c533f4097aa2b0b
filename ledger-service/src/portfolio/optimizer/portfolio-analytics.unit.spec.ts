import { describe, expect, it } from 'vitest';
import { computeAnalytics, dailyValuation, dateWindow, priceVolatility } from './portfolio-analytics.js';

const dates = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'];
const closes = [100, 110, 99, 108.9].map((close, index) => ({ market: 'Solar Energy|2026', date: dates[index]!, close }));
const reference = () => 5;

describe('daily valuation (time-weighted)', () => {
  it('values the positions at each close and takes the return of the positions held at the previous close', () => {
    const days = dailyValuation({ dates, changes: [{ market: 'Solar Energy|2026', date: '2026-11-01', change: 10 }], closes, referencePrice: reference });
    expect(days.map((day) => day.value)).toEqual([1000, 1100, 990, 1089]);
    expect(days[0]!.dailyReturn).toBeNull();
    expect(days.slice(1).map((day) => Number(day.dailyReturn!.toFixed(10)))).toEqual([0.1, -0.1, 0.1]);
  });

  it('does not count a purchase as return: buying 10 more on day 2 doubles the value, not the return', () => {
    const days = dailyValuation({
      dates,
      changes: [
        { market: 'Solar Energy|2026', date: '2026-11-01', change: 10 },
        { market: 'Solar Energy|2026', date: '2026-11-02', change: 10 },
      ],
      closes,
      referencePrice: reference,
    });
    expect(days.map((day) => day.value)).toEqual([1000, 2200, 1980, 2178]);
    expect(Number(days[1]!.dailyReturn!.toFixed(10))).toBe(0.1);
    expect(computeAnalytics(days).totalReturn).toBe(8.9);
  });

  it('carries the last close forward and values a never-traded market at its reference price', () => {
    const days = dailyValuation({
      dates: ['2026-11-05', '2026-11-06'],
      changes: [
        { market: 'Solar Energy|2026', date: '2026-10-01', change: 2 },
        { market: 'Forestry|2026', date: '2026-10-01', change: 3 },
      ],
      closes: [{ market: 'Solar Energy|2026', date: '2026-11-04', close: 108.9 }],
      referencePrice: reference,
    });
    expect(days.map((day) => day.value)).toEqual([232.8, 232.8]);
    expect(days[1]!.dailyReturn).toBe(0);
  });
});

describe('analytics formulas on a known price series (+10%, -10%, +10%)', () => {
  const days = dailyValuation({ dates, changes: [{ market: 'Solar Energy|2026', date: '2026-11-01', change: 10 }], closes, referencePrice: reference });
  const analytics = computeAnalytics(days);

  it('total return is 1.1 x 0.9 x 1.1 - 1 = 8.9%', () => {
    expect(analytics.totalReturn).toBe(8.9);
  });

  it('volatility is the sample deviation 1/sqrt(75) annualised: 0.11547 x sqrt(365) = 220.61%', () => {
    expect(analytics.volatility).toBe(220.61);
  });

  it('Sharpe ratio is (1/30 x 365 - 0) / 2.20605 = 5.52', () => {
    expect(analytics.sharpeRatio).toBe(5.52);
  });

  it('max drawdown is (1.10 - 0.99) / 1.10 = 10%, and every day with a value counts', () => {
    expect(analytics.maxDrawdown).toBe(10);
    expect(analytics.daysAnalyzed).toBe(4);
    expect(analytics.index).toEqual([100, 110, 99, 108.9]);
  });

  it('a flat or empty series has no return, volatility, Sharpe or drawdown', () => {
    expect(computeAnalytics([])).toMatchObject({ totalReturn: 0, volatility: 0, sharpeRatio: 0, maxDrawdown: 0, daysAnalyzed: 0 });
    const flat = dailyValuation({ dates, changes: [{ market: 'm', date: dates[0]!, change: 1 }], closes: [], referencePrice: reference });
    expect(computeAnalytics(flat)).toMatchObject({ totalReturn: 0, volatility: 0, sharpeRatio: 0, maxDrawdown: 0, daysAnalyzed: 4 });
  });
});

describe('helpers', () => {
  it('dateWindow lists the days ending with the last one', () => {
    expect(dateWindow('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('priceVolatility annualises close-to-close returns', () => {
    expect(priceVolatility([100, 110, 99, 108.9])).toBe(220.61);
    expect(priceVolatility([10])).toBe(0);
  });
});
