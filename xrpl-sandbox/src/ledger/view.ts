import type { SleFields } from './sle.js';
import { Sle } from './sle.js';

export interface Fees {
  /** Reference transaction cost in drops. */
  readonly base: bigint;
  /** Account reserve in drops. */
  readonly reserve: bigint;
  /** Owner reserve (per owned object) in drops. */
  readonly increment: bigint;
}

export interface LedgerInfo {
  /** Sequence of the ledger the view belongs to (for an open ledger: the one being built). */
  readonly seq: number;
  readonly parentHash: string;
  readonly parentCloseTime: number;
}

/** Raw access to a ledger's state; returned objects must not be mutated. */
export interface StateReader {
  get(key: string): SleFields | undefined;
}

export interface ReadView {
  readonly info: LedgerInfo;
  readonly fees: Fees;
  read(key: string): Sle | undefined;
}

export function accountReserve(fees: Fees, ownerCount: number): bigint {
  return fees.reserve + fees.increment * BigInt(ownerCount);
}

/** A read-only view over a ledger state. */
export class StateView implements ReadView {
  constructor(
    private readonly state: StateReader,
    readonly info: LedgerInfo,
    readonly fees: Fees,
  ) {}

  read(key: string): Sle | undefined {
    const fields = this.state.get(key);
    return fields === undefined ? undefined : new Sle(key, structuredClone(fields));
  }
}
