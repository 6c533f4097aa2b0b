import { describe, expect, it } from 'vitest';
import { median, percentile, renderTable, summarize } from './stats.js';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(summarize([3.14159, 1, 2], 1)).toEqual({ p50: 2, p95: 3.1, p99: 3.1, max: 3.1 });
  });

  it('takes the median of an odd and of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('lays out a table with the label left and the figures right', () => {
    expect(
      renderTable(
        ['name', 'n'],
        [
          ['a', '10'],
          ['bcd', '2'],
        ],
      ),
    ).toBe('name   n\n----  --\na     10\nbcd    2');
  });
});
