import { createHash } from 'node:crypto';

/**
 * RFC 6962-style Merkle tree over event hashes: leaf = sha256(0x00 || hash),
 * node = sha256(0x01 || left || right); an odd node is carried up unchanged.
 */
export function merkleRoot(leafHashes: readonly Buffer[]): Buffer {
  if (leafHashes.length === 0) return createHash('sha256').digest();
  let level = leafHashes.map((hash) => createHash('sha256').update(Buffer.of(0)).update(hash).digest());
  while (level.length > 1) {
    const next: typeof level = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index]!;
      const right = level[index + 1];
      next.push(right ? createHash('sha256').update(Buffer.of(1)).update(left).update(right).digest() : left);
    }
    level = next;
  }
  return level[0]!;
}

// Streaming the same root in O(log n) memory: compliance/evidence/merkle-stream.ts (the offline verifier).
