import { createHash } from 'node:crypto';
import { INNER_NODE_PREFIX, ZERO_HASH } from './hashing.js';

/** An empty branch's hash. */
const ZERO = Buffer.alloc(32);

interface Leaf {
  readonly key: string;
  readonly hash: Buffer;
}

interface Inner {
  readonly children: (Inner | Leaf | undefined)[];
  /** Cached until a leaf below changes. */
  hash: Buffer | undefined;
}

function isLeaf(node: Inner | Leaf): node is Leaf {
  return 'key' in node;
}

function nibble(key: string, depth: number): number {
  return Number.parseInt(key.charAt(depth), 16);
}

function newInner(): Inner {
  return { children: new Array<Inner | Leaf | undefined>(16).fill(undefined), hash: undefined };
}

/**
 * The ledger's state tree (a SHAMap) that keeps its inner nodes' hashes, so a ledger
 * close rehashes only the paths to the entries it changed instead of the whole tree.
 * Same shape and root hash as hashing.ts's stateTreeHashFromLeaves: the root is always an
 * inner node, a branch holding one leaf holds the leaf itself, a branch holding more
 * holds an inner node that splits them on the next nibble.
 */
export class StateTree {
  private readonly root = newInner();
  private size = 0;

  get count(): number {
    return this.size;
  }

  /** Sets the leaf hash (hex, as stateLeafHash returns it) of `key` (64 hex digits). */
  set(key: string, leafHash: string): void {
    const leaf: Leaf = { key, hash: Buffer.from(leafHash, 'hex') };
    let node = this.root;
    for (let depth = 0; ; depth += 1) {
      node.hash = undefined;
      const branch = nibble(key, depth);
      const child = node.children[branch];
      if (child === undefined) {
        node.children[branch] = leaf;
        this.size += 1;
        return;
      }
      if (!isLeaf(child)) {
        node = child;
        continue;
      }
      if (child.key === key) {
        node.children[branch] = leaf;
        return;
      }
      // Two leaves in one branch: an inner node splits them on the next nibble (again, while they share it).
      const split = newInner();
      node.children[branch] = split;
      split.children[nibble(child.key, depth + 1)] = child;
      node = split;
    }
  }

  delete(key: string): void {
    const path: { node: Inner; branch: number }[] = [];
    let node = this.root;
    for (let depth = 0; ; depth += 1) {
      const branch = nibble(key, depth);
      const child = node.children[branch];
      if (child === undefined) return;
      path.push({ node, branch });
      if (isLeaf(child)) {
        if (child.key !== key) return;
        break;
      }
      node = child;
    }
    this.size -= 1;
    for (const step of path) step.node.hash = undefined;
    const last = path.at(-1)!;
    last.node.children[last.branch] = undefined;
    // An inner node left with a single leaf below it gives way to that leaf.
    for (let index = path.length - 1; index > 0; index -= 1) {
      const { node: inner } = path[index]!;
      const remaining = inner.children.filter((child) => child !== undefined);
      if (remaining.length !== 1 || !isLeaf(remaining[0]!)) break;
      const parent = path[index - 1]!;
      parent.node.children[parent.branch] = remaining[0];
    }
  }

  /** Root hash, upper-case hex; the empty tree hashes to zero. */
  rootHash(): string {
    if (this.size === 0) return ZERO_HASH;
    return hashInner(this.root).toString('hex').toUpperCase();
  }
}

function hashInner(node: Inner): Buffer {
  if (node.hash !== undefined) return node.hash;
  const hash = createHash('sha512').update(INNER_NODE_PREFIX);
  for (const child of node.children) {
    hash.update(child === undefined ? ZERO : isLeaf(child) ? child.hash : hashInner(child));
  }
  node.hash = hash.digest().subarray(0, 32);
  return node.hash;
}
