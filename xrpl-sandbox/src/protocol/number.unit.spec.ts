import { describe, expect, it } from 'vitest';
import { Num } from './number.js';

function num(text: string): Num {
  const parsed = Num.parse(text);
  if (parsed === undefined) throw new Error(`bad number ${text}`);
  return parsed;
}

describe('Num (rippled Number / STAmount arithmetic)', () => {
  it('prints values like STAmount::getText', () => {
    expect(num('1000').toText()).toBe('1000');
    expect(num('0.001').toText()).toBe('0.001');
    expect(num('-12.50').toText()).toBe('-12.5');
    expect(num('1e20').toText()).toBe('1000000000000000e5');
    expect(num('1e-30').toText()).toBe('1000000000000000e-45');
    expect(num('0').toText()).toBe('0');
  });

  it('keeps 16 significant digits and rounds in the requested direction', () => {
    const third = Num.one.div(num('3'));
    expect(third.toText()).toBe('0.3333333333333333');
    expect(Num.one.div(num('3'), 'upward').toText()).toBe('0.3333333333333334');
    expect(num('2').div(num('3'), 'downward').toText()).toBe('0.6666666666666666');
    expect(num('2').div(num('3')).toText()).toBe('0.6666666666666667');
    expect(num('2').sqrt().toText()).toBe('1.414213562373095');
    expect(num('2').sqrt('upward').toText()).toBe('1.414213562373096');
    expect(num('12345678901234567').toText()).toBe('1234567890123457e1');
  });

  it('adds, compares and converts to drops', () => {
    expect(num('0.1').add(num('0.2')).toText()).toBe('0.3');
    expect(num('1e20').add(num('1')).eq(num('1e20'))).toBe(true);
    expect(num('-1').lt(num('0.5'))).toBe(true);
    expect(num('2.5').toBigInt('nearest')).toBe(2n);
    expect(num('3.5').toBigInt('nearest')).toBe(4n);
    expect(num('2.1').toBigInt('upward')).toBe(3n);
    expect(num('-2.1').toBigInt('downward')).toBe(-3n);
  });
});
