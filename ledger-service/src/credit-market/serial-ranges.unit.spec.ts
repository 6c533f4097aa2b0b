import { seededRandom } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { addRanges, insertRange, type Range, removeRanges } from './serial-ranges.js';

/** The list as the set of serials it covers, merged into maximal runs: what addRanges must return. */
function runsOf(serials: ReadonlySet<number>): Range[] {
  const sorted = [...serials].sort((a, b) => a - b);
  const runs: Range[] = [];
  for (const serial of sorted) {
    const last = runs.at(-1);
    if (last && serial === last.end + 1) runs[runs.length - 1] = { start: last.start, end: serial };
    else runs.push({ start: serial, end: serial });
  }
  return runs;
}

describe('serial ranges', () => {
  it('adds ranges to a held list: merged, sorted, as the serials they cover (2,000 seeded cases)', () => {
    const random = seededRandom(20261122);
    for (let run = 0; run < 2_000; run += 1) {
      const held = new Set<number>();
      let list: Range[] = [];
      for (let step = 0; step < 12; step += 1) {
        // One to three ranges of free serials, in any order.
        const added: Range[] = [];
        for (let count = 1 + Math.floor(random() * 3); count > 0; count -= 1) {
          const start = 1 + Math.floor(random() * 200);
          const end = start + Math.floor(random() * 6);
          let free = true;
          for (let serial = start; serial <= end; serial += 1) if (held.has(serial)) free = false;
          if (!free) continue;
          for (let serial = start; serial <= end; serial += 1) held.add(serial);
          added.push({ start, end });
        }
        list = addRanges(list, added);
        expect(list).toEqual(runsOf(held));
      }
    }
  });

  it('inserts one range at a time in place, to the same list (2,000 seeded cases)', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 2_000; run += 1) {
      const held = new Set<number>();
      const list: Range[] = [];
      for (let step = 0; step < 20; step += 1) {
        const start = 1 + Math.floor(random() * 100);
        const end = start + Math.floor(random() * 4);
        let free = true;
        for (let serial = start; serial <= end; serial += 1) if (held.has(serial)) free = false;
        if (!free) {
          expect(() => insertRange(list, { start, end })).toThrow('overlap');
          continue;
        }
        for (let serial = start; serial <= end; serial += 1) held.add(serial);
        insertRange(list, { start, end });
        expect(list).toEqual(runsOf(held));
      }
    }
  });

  it('refuses to add serials that are already held', () => {
    expect(() => addRanges([{ start: 1, end: 10 }], [{ start: 10, end: 12 }])).toThrow('serials 10-12 overlap 1-10');
    expect(() =>
      addRanges(
        [],
        [
          { start: 5, end: 8 },
          { start: 1, end: 5 },
        ],
      ),
    ).toThrow('overlap');
  });

  it('removes held serials, splitting runs, and refuses serials that are not held', () => {
    expect(removeRanges([{ start: 1, end: 10 }], [{ start: 4, end: 6 }])).toEqual([
      { start: 1, end: 3 },
      { start: 7, end: 10 },
    ]);
    expect(() => removeRanges([{ start: 1, end: 10 }], [{ start: 9, end: 11 }])).toThrow('serials 9-11 are not all held here');
  });
});
