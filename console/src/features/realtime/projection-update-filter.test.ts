import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProjectionUpdateFilter } from './projection-update-filter';

const message = fc.record({
  projection: fc.constantFrom('order-book', 'credit-registry', 'credit-trades'),
  commit: fc.bigInt({ min: 0n, max: 6n }),
  prepare: fc.bigInt({ min: 0n, max: 6n }),
});

describe('ProjectionUpdateFilter', () => {
  it('accepts only positions newer than the last accepted one of the same projection', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('order-book', '10:10')).toBe(true);
    expect(filter.accept('order-book', '10:10')).toBe(false);
    expect(filter.accept('order-book', '9:12')).toBe(false);
    expect(filter.accept('order-book', '10:11')).toBe(true);
    expect(filter.accept('order-book', '11:0')).toBe(true);
  });

  it('lets two projections that end a batch at the same position both refresh', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('credit-registry', '42:7')).toBe(true);
    expect(filter.accept('credit-trades', '42:7')).toBe(true);
    expect(filter.accept('order-book', '42:7')).toBe(true);
  });

  it('drops a duplicate for the same projection while another projection still moves on', () => {
    const filter = new ProjectionUpdateFilter();
    filter.accept('credit-trades', '42:7');
    filter.accept('credit-registry', '50:1');

    expect(filter.accept('credit-trades', '42:7')).toBe(false);
    expect(filter.accept('credit-trades', '43:0')).toBe(true);
    expect(filter.accept('credit-registry', '43:0')).toBe(false);
  });

  it('accepts a message exactly when it is newer than the last accepted one of its own projection', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 60 }), (messages) => {
        const filter = new ProjectionUpdateFilter();
        const newest = new Map<string, { commit: bigint; prepare: bigint }>();
        for (const { projection, commit, prepare } of messages) {
          const last = newest.get(projection);
          const newer = !last || commit > last.commit || (commit === last.commit && prepare > last.prepare);
          expect(filter.accept(projection, `${commit}:${prepare}`)).toBe(newer);
          if (newer) newest.set(projection, { commit, prepare });
        }
      }),
    );
  });

  it('compares as big integers, not as text or doubles', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('users', '9:0')).toBe(true);
    expect(filter.accept('users', '10:0')).toBe(true);
    expect(filter.accept('users', '9007199254740993:0')).toBe(true);
    expect(filter.accept('users', '9007199254740992:0')).toBe(false);
  });

  it('drops malformed positions', () => {
    const filter = new ProjectionUpdateFilter();

    expect(filter.accept('users', 'not-a-position')).toBe(false);
    expect(filter.accept('users', '1:1')).toBe(true);
  });

  it('accepts anything again after a reset', () => {
    const filter = new ProjectionUpdateFilter();
    filter.accept('users', '50:50');
    filter.accept('order-book', '50:50');
    filter.reset();

    expect(filter.accept('users', '1:1')).toBe(true);
    expect(filter.accept('order-book', '1:1')).toBe(true);
  });
});
