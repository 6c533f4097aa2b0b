import { accountIdBytes, addressFromId } from '../../protocol/accounts.js';
import { bytesToHex, hexToBytes } from '../../protocol/hash.js';

/** cipheredTaxon: the taxon mixed with a linear congruential generator seeded by the serial. */
export function cipheredTaxon(serial: number, taxon: number): number {
  const mix = (BigInt(384_160_001) * BigInt(serial >>> 0) + 2459n) & 0xffffffffn;
  return (taxon ^ Number(mix)) >>> 0;
}

/** XLS-20 NFTokenID: flags(16) | transfer fee(16) | issuer(160) | ciphered taxon(32) | serial(32). */
export function createNFTokenId(flags: number, transferFee: number, issuer: string, taxon: number, serial: number): string {
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  view.setUint16(0, flags & 0xffff);
  view.setUint16(2, transferFee & 0xffff);
  out.set(accountIdBytes(issuer), 4);
  view.setUint32(24, cipheredTaxon(serial, taxon));
  view.setUint32(28, serial >>> 0);
  return bytesToHex(out);
}

export interface NFTokenIdParts {
  flags: number;
  transferFee: number;
  issuer: string;
  taxon: number;
  serial: number;
}

export function parseNFTokenId(id: string): NFTokenIdParts {
  const bytes = hexToBytes(id);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const serial = view.getUint32(28);
  return {
    flags: view.getUint16(0),
    transferFee: view.getUint16(2),
    issuer: addressFromId(bytes.slice(4, 24)),
    taxon: cipheredTaxon(serial, view.getUint32(24)),
    serial,
  };
}

/** uint256::next(): the id plus one, used to key a page just above a token. */
export function nextTokenId(id: string): string {
  const value = (BigInt(`0x${id}`) + 1n) & ((1n << 256n) - 1n);
  return value.toString(16).toUpperCase().padStart(64, '0');
}

/** Low 96 bits, the part of an id that orders tokens within an owner's pages. */
export function pageBits(id: string): string {
  return id.slice(40).toUpperCase();
}

/** compareTokens: low 96 bits first, then the whole id. */
export function compareTokenIds(a: string, b: string): number {
  const lowA = pageBits(a);
  const lowB = pageBits(b);
  if (lowA !== lowB) return lowA < lowB ? -1 : 1;
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
