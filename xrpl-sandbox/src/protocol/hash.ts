import { createHash } from 'node:crypto';

export type Bytes = Uint8Array;

/** First half of SHA-512, the hash rippled uses for keys and ids. Upper-case hex. */
export function sha512Half(...parts: Bytes[]): string {
  const hash = createHash('sha512');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 64).toUpperCase();
}

export function hexToBytes(hex: string): Bytes {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Bytes): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

export function concatBytes(...parts: Bytes[]): Bytes {
  return Uint8Array.from(Buffer.concat(parts));
}

export function uint16Bytes(value: number): Bytes {
  return Uint8Array.of((value >>> 8) & 0xff, value & 0xff);
}

export function uint32Bytes(value: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0);
  return out;
}

export function uint64Bytes(value: bigint): Bytes {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

export function isHash256(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9A-Fa-f]{64}$/.test(value);
}

export function compareHex(a: string, b: string): number {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
