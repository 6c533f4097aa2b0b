import { describe, expect, it } from 'vitest';
import { ProjectionUpdateFilter } from './projection-update-filter';

describe('ProjectionUpdateFilter', () => {
  it('accepts only positions newer than the last accepted one', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('10:10')).toBe(true);
    expect(filter.accept('10:10')).toBe(false);
    expect(filter.accept('9:12')).toBe(false);
    expect(filter.accept('10:11')).toBe(true);
    expect(filter.accept('11:0')).toBe(true);
  });

  it('compares as big integers, not as text or doubles', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('9:0')).toBe(true);
    expect(filter.accept('10:0')).toBe(true);
    expect(filter.accept('9007199254740993:0')).toBe(true);
    expect(filter.accept('9007199254740992:0')).toBe(false);
  });

  it('drops malformed positions', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('not-a-position')).toBe(false);
    expect(filter.accept('1:1')).toBe(true);
  });

  it('accepts anything again after a reset', () => {
    const filter = new ProjectionUpdateFilter();
    filter.accept('50:50');
    filter.reset();

    expect(filter.accept('1:1')).toBe(true);
  });
});
