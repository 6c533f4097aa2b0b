import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { merkleRoot } from './merkle.js';

const sha = (...parts: Buffer[]): Buffer => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();
const leaf = (text: string): Buffer => sha(Buffer.from(text));

describe('Merkle root', () => {
  it('hashes leaves and nodes with distinct prefixes', () => {
    const [a, b, c] = [leaf('a'), leaf('b'), leaf('c')];
    const la = sha(Buffer.of(0), a);
    const lb = sha(Buffer.of(0), b);
    const lc = sha(Buffer.of(0), c);
    expect(merkleRoot([a])).toEqual(la);
    expect(merkleRoot([a, b])).toEqual(sha(Buffer.of(1), la, lb));
    expect(merkleRoot([a, b, c])).toEqual(sha(Buffer.of(1), sha(Buffer.of(1), la, lb), lc));
  });

  it('changes when any leaf or the order changes', () => {
    const leaves = ['1', '2', '3', '4', '5'].map(leaf);
    const root = merkleRoot(leaves);
    expect(merkleRoot([...leaves.slice(0, 4), leaf('x')])).not.toEqual(root);
    expect(merkleRoot([leaves[1]!, leaves[0]!, ...leaves.slice(2)])).not.toEqual(root);
  });
});
