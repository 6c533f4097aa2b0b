import { encode } from 'ripple-binary-codec';
import type { JsonObject } from '../protocol/json.js';
import type { Bytes } from '../protocol/hash.js';
import { concatBytes, hexToBytes, sha512Half, uint32Bytes, uint64Bytes } from '../protocol/hash.js';

/** HashPrefix values from rippled (HashPrefix.h). */
const prefix = {
  transactionId: 0x54584e00,
  txNode: 0x534e4400,
  leafNode: 0x4d4c4e00,
  innerNode: 0x4d494e00,
  ledgerMaster: 0x4c575200,
} as const;

export const ZERO_HASH = '0'.repeat(64);

/** The bytes an inner node's hash starts with (HashPrefix::innerNode); the 16 child hashes follow. */
export const INNER_NODE_PREFIX: Bytes = uint32Bytes(prefix.innerNode);

export function transactionId(blobHex: string): string {
  return sha512Half(uint32Bytes(prefix.transactionId), hexToBytes(blobHex));
}

function variableLength(length: number): Bytes {
  if (length <= 192) return Uint8Array.of(length);
  if (length <= 12_480) {
    const rest = length - 193;
    return Uint8Array.of(193 + (rest >>> 8), rest & 0xff);
  }
  const rest = length - 12_481;
  return Uint8Array.of(241 + (rest >>> 16), (rest >>> 8) & 0xff, rest & 0xff);
}

function withLength(bytes: Bytes): Bytes {
  return concatBytes(variableLength(bytes.length), bytes);
}

interface Leaf {
  key: string;
  hash: string;
}

/** Hash of the SHAMap node holding leaves[from, to), which all share the first `depth` nibbles. */
function nodeHash(leaves: Leaf[], from: number, to: number, depth: number): Bytes {
  if (to - from === 1) {
    const leaf = leaves[from];
    if (leaf !== undefined) return hexToBytes(leaf.hash);
  }
  const children: Bytes[] = [];
  let start = from;
  for (let branch = 0; branch < 16; branch += 1) {
    let end = start;
    while (end < to && Number.parseInt((leaves[end]?.key ?? '').charAt(depth), 16) === branch) end += 1;
    children.push(end === start ? new Uint8Array(32) : nodeHash(leaves, start, end, depth + 1));
    start = end;
  }
  return hexToBytes(sha512Half(INNER_NODE_PREFIX, ...children));
}

/** Root hash of a SHAMap holding the given leaves (the empty map hashes to zero). */
function shaMapHash(leaves: Leaf[]): string {
  if (leaves.length === 0) return ZERO_HASH;
  const sorted = [...leaves].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // The root is always an inner node, even with a single leaf.
  const children: Bytes[] = [];
  let start = 0;
  for (let branch = 0; branch < 16; branch += 1) {
    let end = start;
    while (end < sorted.length && Number.parseInt((sorted[end]?.key ?? '').charAt(0), 16) === branch) end += 1;
    children.push(end === start ? new Uint8Array(32) : nodeHash(sorted, start, end, 1));
    start = end;
  }
  return sha512Half(INNER_NODE_PREFIX, ...children);
}

function encodeOrFallback(fields: JsonObject): Bytes {
  try {
    return hexToBytes(encode(fields));
  } catch {
    // Fields the codec cannot serialise still need a deterministic hash.
    return Buffer.from(JSON.stringify(fields));
  }
}

/** Leaf hash of one ledger entry in the state tree. */
export function stateLeafHash(key: string, fields: JsonObject): string {
  return sha512Half(uint32Bytes(prefix.leafNode), encodeOrFallback(fields), hexToBytes(key));
}

/** State tree hash from precomputed leaf hashes (key -> stateLeafHash). */
export function stateTreeHashFromLeaves(leafHashes: Map<string, string>): string {
  return shaMapHash([...leafHashes].map(([key, hash]) => ({ key, hash })));
}

export function stateTreeHash(entries: Iterable<[string, JsonObject]>): string {
  const leaves = new Map<string, string>();
  for (const [key, fields] of entries) leaves.set(key, stateLeafHash(key, fields));
  return stateTreeHashFromLeaves(leaves);
}

export function transactionTreeHash(txs: Iterable<{ hash: string; blob: string; meta: JsonObject }>): string {
  const leaves: Leaf[] = [];
  for (const tx of txs) {
    const data = concatBytes(withLength(hexToBytes(tx.blob)), withLength(encodeOrFallback(tx.meta)));
    leaves.push({ key: tx.hash, hash: sha512Half(uint32Bytes(prefix.txNode), data, hexToBytes(tx.hash)) });
  }
  return shaMapHash(leaves);
}

export interface HeaderFields {
  ledgerIndex: number;
  totalCoins: bigint;
  parentHash: string;
  transactionHash: string;
  accountHash: string;
  parentCloseTime: number;
  closeTime: number;
  closeTimeResolution: number;
  closeFlags: number;
}

export function ledgerHeaderHash(h: HeaderFields): string {
  return sha512Half(
    uint32Bytes(prefix.ledgerMaster),
    uint32Bytes(h.ledgerIndex),
    uint64Bytes(h.totalCoins),
    hexToBytes(h.parentHash),
    hexToBytes(h.transactionHash),
    hexToBytes(h.accountHash),
    uint32Bytes(h.parentCloseTime),
    uint32Bytes(h.closeTime),
    Uint8Array.of(h.closeTimeResolution),
    Uint8Array.of(h.closeFlags),
  );
}
