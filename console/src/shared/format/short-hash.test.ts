import { describe, expect, it } from 'vitest';
import { shortHash } from './short-hash';

describe('shortHash', () => {
  it('keeps the head and tail of a long hash', () => {
    expect(shortHash('ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789')).toBe('ABCDEF01…456789');
    expect(shortHash('SHORT')).toBe('SHORT');
  });
});
