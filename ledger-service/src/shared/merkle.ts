import { hash } from 'node:crypto';

/**
 * RFC 6962-style Merkle tree over event hashes: leaf = sha256(0x00 || hash),
 * node = sha256(0x01 || left || right); an odd node is carried up unchanged.
 * The root is taken while leaves stream past, in O(log n) memory: complete
 * subtrees merge as they fill, and at the end the partial ones fold from the
 * right, which is where the odd nodes of the level-by-level tree end up.
 *
 * The offline verifier does about two of these hashes per event, so their
 * per-call cost was most of its time: createHash costs a Hash object per digest
 * and crypto.hash with Buffer output about 2.5 µs, while crypto.hash into a
 * one-byte string (a digest byte per character, 'binary' = latin1) over a
 * reused input buffer costs well under 1 µs.
 */
export class MerkleStream {
  /** Roots of complete subtrees, largest first, as 32-character latin1 strings: stack[i] covers 2^levels[i] leaves. */
  private readonly stack: string[] = [];
  private readonly levels: number[] = [];
  private readonly leafInput = Buffer.alloc(33);
  private readonly nodeInput = Buffer.alloc(65);
  private leaves = 0;

  constructor() {
    this.nodeInput[0] = 1;
  }

  get count(): number {
    return this.leaves;
  }

  /** Adds a leaf: the 32 bytes of `source` from `offset`. */
  push(source: Buffer, offset = 0): void {
    source.copy(this.leafInput, 1, offset, offset + 32);
    this.pushLeafInput();
  }

  /** Adds a leaf given as a 32-character latin1 string, the form crypto.hash(…, 'binary') returns. */
  pushDigest(digest: string): void {
    // A loop: Buffer#write's encoding lookup cost more than copying 32 characters.
    const { leafInput } = this;
    for (let index = 0; index < 32; index += 1) leafInput[index + 1] = digest.charCodeAt(index);
    this.pushLeafInput();
  }

  root(): Buffer {
    if (this.stack.length === 0) return hash('sha256', Buffer.alloc(0), 'buffer');
    let accumulated = this.stack[this.stack.length - 1]!;
    for (let index = this.stack.length - 2; index >= 0; index -= 1) accumulated = this.node(this.stack[index]!, accumulated);
    return Buffer.from(accumulated, 'latin1');
  }

  private pushLeafInput(): void {
    let node = hash('sha256', this.leafInput, 'binary');
    let level = 0;
    while (this.levels.length > 0 && this.levels[this.levels.length - 1] === level) {
      this.levels.pop();
      node = this.node(this.stack.pop()!, node);
      level += 1;
    }
    this.stack.push(node);
    this.levels.push(level);
    this.leaves += 1;
  }

  private node(left: string, right: string): string {
    this.nodeInput.write(left, 1, 'latin1');
    this.nodeInput.write(right, 33, 'latin1');
    return hash('sha256', this.nodeInput, 'binary');
  }
}

/** The root over a whole list of event hashes (32 bytes each). */
export function merkleRoot(leafHashes: readonly Buffer[]): Buffer {
  const tree = new MerkleStream();
  for (const leafHash of leafHashes) tree.push(leafHash);
  return tree.root();
}
