import { describe, expect, it } from 'vitest';
import { counted } from './counted.js';

describe('counted', () => {
  it('says "1 credit" and "0 credits", "2 credits", with a plural of its own where English has one', () => {
    expect([0, 1, 2, 1000].map((count) => counted(count, 'credit'))).toEqual(['0 credits', '1 credit', '2 credits', '1000 credits']);
    expect(counted(1, 'swap was', 'swaps were')).toBe('1 swap was');
    expect(counted(3, 'swap was', 'swaps were')).toBe('3 swaps were');
  });
});
