import type { ApplyView } from '../ledger/apply-view.js';
import { StObject } from '../ledger/sle.js';
import type { ReadView } from '../ledger/view.js';
import type { Amount } from '../protocol/amount.js';
import type { Ter } from '../protocol/ter.js';

/** A decoded transaction with typed field access. */
export class Tx extends StObject {
  get type(): string {
    return this.getString('TransactionType') ?? '';
  }

  get account(): string {
    return this.getAccount('Account');
  }

  get sequence(): number {
    return this.getU32('Sequence');
  }
}

export interface PreclaimContext {
  readonly view: ReadView;
  readonly tx: Tx;
}

export interface ApplyContext {
  readonly view: ApplyView;
  readonly tx: Tx;
  readonly account: string;
  /** Balance before the fee was taken (rippled's mPriorBalance). */
  readonly priorBalance: bigint;
  /** Balance after the fee (rippled's mSourceBalance). */
  readonly sourceBalance: bigint;
  /** Records DeliveredAmount for the metadata. */
  deliver(amount: Amount): void;
}

export interface Transactor {
  /** Flags this transaction type accepts besides the universal ones. */
  readonly allowedFlags: number;
  /** Context-free checks (rippled's preflight): tem results. */
  preflight(tx: Tx): Ter;
  /** Checks against the ledger that do not consume the fee: tec/tef/ter results. */
  preclaim?(ctx: PreclaimContext): Ter;
  /** Base cost in drops when it differs from the reference fee (AMMCreate). */
  baseFee?(view: ReadView): bigint;
  doApply(ctx: ApplyContext): Ter;
}
