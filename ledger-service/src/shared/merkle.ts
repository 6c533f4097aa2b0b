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

/**
 * The same root, computed while leaves stream past in O(log n) memory: complete
 * subtrees are merged as they fill; at the end the partial ones are folded from
 * the right, which is where the level-by-level carry puts them.
 */
export class MerkleAccumulator {
  private readonly stack: { level: number; hash: Buffer }[] = [];
  private leaves = 0;

  get count(): number {
    return this.leaves;
  }

  push(leafHash: Buffer): void {
    let node = { level: 0, hash: createHash('sha256').update(Buffer.of(0)).update(leafHash).digest() };
    for (let top = this.stack.at(-1); top && top.level === node.level; top = this.stack.at(-1)) {
      this.stack.pop();
      node = { level: node.level + 1, hash: createHash('sha256').update(Buffer.of(1)).update(top.hash).update(node.hash).digest() };
    }
    this.stack.push(node);
    this.leaves += 1;
  }

  root(): Buffer {
    if (this.stack.length === 0) return createHash('sha256').digest();
    let accumulated = this.stack.at(-1)!.hash;
    for (let index = this.stack.length - 2; index >= 0; index -= 1) {
      accumulated = createHash('sha256').update(Buffer.of(1)).update(this.stack[index]!.hash).update(accumulated).digest();
    }
    return accumulated;
  }
}
