import type { Amount } from '../protocol/amount.js';
import { amountFromJson, amountToJson } from '../protocol/amount.js';
import type { Json, JsonObject } from '../protocol/json.js';
import { cloneJson, isJsonObject } from '../protocol/json.js';

export type SleFields = JsonObject;

/**
 * Typed access to an object in rippled's JSON shape, in the spirit of STObject.
 * UInt64 fields are hex strings, amounts are XRP drop strings or {currency, issuer, value}.
 */
export class StObject {
  constructor(readonly fields: JsonObject) {}

  has(name: string): boolean {
    return this.fields[name] !== undefined;
  }

  remove(name: string): void {
    delete this.fields[name];
  }

  get(name: string): Json | undefined {
    return this.fields[name];
  }

  set(name: string, value: Json): void {
    this.fields[name] = value;
  }

  getU32(name: string, fallback = 0): number {
    const value = this.fields[name];
    return typeof value === 'number' ? value : fallback;
  }

  setU32(name: string, value: number): void {
    this.fields[name] = value >>> 0;
  }

  getU64(name: string): bigint {
    const value = this.fields[name];
    return typeof value === 'string' ? BigInt(`0x${value}`) : 0n;
  }

  setU64(name: string, value: bigint): void {
    this.fields[name] = value.toString(16);
  }

  getAmount(name: string): Amount {
    const amount = amountFromJson(this.fields[name]);
    if (amount === undefined) throw new Error(`Missing or malformed ${name}`);
    return amount;
  }

  getOptAmount(name: string): Amount | undefined {
    return amountFromJson(this.fields[name]);
  }

  setAmount(name: string, amount: Amount): void {
    this.fields[name] = amountToJson(amount);
  }

  getString(name: string): string | undefined {
    const value = this.fields[name];
    return typeof value === 'string' ? value : undefined;
  }

  getAccount(name: string): string {
    const value = this.getString(name);
    if (value === undefined) throw new Error(`Missing ${name}`);
    return value;
  }

  getObject(name: string): JsonObject | undefined {
    const value = this.fields[name];
    return isJsonObject(value) ? value : undefined;
  }

  getObjectArray(name: string): JsonObject[] {
    const value = this.fields[name];
    return Array.isArray(value) ? value.filter(isJsonObject) : [];
  }

  getVector(name: string): string[] {
    const value = this.fields[name];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  get flags(): number {
    return this.getU32('Flags');
  }

  set flags(value: number) {
    this.setU32('Flags', value);
  }

  isFlag(flag: number): boolean {
    return (this.flags & flag) >>> 0 === flag >>> 0;
  }

  setFlag(flag: number): void {
    this.flags = (this.flags | flag) >>> 0;
  }

  clearFlag(flag: number): void {
    this.flags = (this.flags & ~flag) >>> 0;
  }
}

/** A ledger entry (STLedgerEntry): an object plus its key. */
export class Sle extends StObject {
  constructor(
    readonly key: string,
    fields: SleFields,
  ) {
    super(fields);
  }

  static create(type: string, key: string): Sle {
    return new Sle(key, { LedgerEntryType: type, Flags: 0 });
  }

  get type(): string {
    const type = this.fields.LedgerEntryType;
    return typeof type === 'string' ? type : '';
  }

  clone(): Sle {
    return new Sle(this.key, cloneJson(this.fields));
  }
}
