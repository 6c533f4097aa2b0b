import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stateTreeHashFromLeaves, ZERO_HASH } from './hashing.js';
import { StateTree } from './state-tree.js';

const hex = (bytes: number): string => randomBytes(bytes).toString('hex').toUpperCase();

/** Keys that share long prefixes, so inner nodes chain deep and collapse again on delete. */
function key(family: string[]): string {
  if (family.length > 0 && Math.random() < 0.5) {
    const base = family[Math.floor(Math.random() * family.length)]!;
    const cut = Math.floor(Math.random() * 64);
    return (base.slice(0, cut) + hex(32)).slice(0, 64);
  }
  const fresh = hex(32);
  family.push(fresh);
  return fresh;
}

describe('StateTree: an incremental state tree with the same root hash as a full rehash', () => {
  it('hashes the empty tree to zero and a single leaf under an inner root', () => {
    const tree = new StateTree();
    expect(tree.rootHash()).toBe(ZERO_HASH);
    const leaf = hex(32);
    const only = hex(32);
    tree.set(only, leaf);
    expect(tree.rootHash()).toBe(stateTreeHashFromLeaves(new Map([[only, leaf]])));
    tree.delete(only);
    expect(tree.rootHash()).toBe(ZERO_HASH);
  });

  it('agrees with the full rehash after every step of random inserts, updates and deletes', () => {
    for (let round = 0; round < 20; round += 1) {
      const tree = new StateTree();
      const leaves = new Map<string, string>();
      const family: string[] = [];
      for (let step = 0; step < 150; step += 1) {
        const existing = [...leaves.keys()];
        const roll = Math.random();
        if (roll < 0.25 && existing.length > 0) {
          const gone = existing[Math.floor(Math.random() * existing.length)]!;
          tree.delete(gone);
          leaves.delete(gone);
        } else if (roll < 0.4 && existing.length > 0) {
          const changed = existing[Math.floor(Math.random() * existing.length)]!;
          const hash = hex(32);
          tree.set(changed, hash);
          leaves.set(changed, hash);
        } else {
          const added = key(family);
          const hash = hex(32);
          tree.set(added, hash);
          leaves.set(added, hash);
        }
        expect(tree.rootHash()).toBe(stateTreeHashFromLeaves(leaves));
        expect(tree.count).toBe(leaves.size);
      }
    }
  });

  it('ignores deleting a key it does not hold', () => {
    const tree = new StateTree();
    const [first, second] = [hex(32), hex(32)];
    tree.set(first, hex(32));
    const before = tree.rootHash();
    tree.delete(second);
    tree.delete(`${first.slice(0, 63)}${first.endsWith('0') ? '1' : '0'}`);
    expect(tree.rootHash()).toBe(before);
    expect(tree.count).toBe(1);
  });
});
