import { describe, expect, it } from 'vitest';
import { formatCount, pluralWord } from './plural';

describe('formatCount', () => {
  it('says "1 credit" and "2 credits", grouping thousands', () => {
    expect(formatCount(1, 'credit')).toBe('1 credit');
    expect(formatCount(2, 'credit')).toBe('2 credits');
    expect(formatCount(0, 'credit')).toBe('0 credits');
    expect(formatCount(1250, 'credit')).toBe('1,250 credits');
  });

  it('takes an irregular plural', () => {
    expect(formatCount(1, 'entry', 'entries')).toBe('1 entry');
    expect(formatCount(3, 'entry', 'entries')).toBe('3 entries');
  });
});

describe('pluralWord', () => {
  it('picks the noun alone for texts that place the number themselves', () => {
    expect(pluralWord(1, 'day')).toBe('day');
    expect(pluralWord(30, 'day')).toBe('days');
  });
});
