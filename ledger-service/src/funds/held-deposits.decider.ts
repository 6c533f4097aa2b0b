import type { DepositHeld, FundsEvent, HeldDepositAssigned, HeldDepositRefunded, HeldDepositRefundRequested } from '@carbon-ledger/contracts';
import { isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

const heldDepositEventTypes = new Set<string>([
  'DepositHeld',
  'HeldDepositAssigned',
  'HeldDepositRefundRequested',
  'HeldDepositRefunded',
  'HeldDepositRefundFailed',
]);

export type HeldDepositEvent = Extract<
  FundsEvent,
  { type: 'DepositHeld' | 'HeldDepositAssigned' | 'HeldDepositRefundRequested' | 'HeldDepositRefunded' | 'HeldDepositRefundFailed' }
>;

/**
 * One payment held for compliance review (stream `deposit-held-<txHash>`): held once, then either
 * assigned to a user or sent back to its sender, never both. A refund attempt that failed on the
 * ledger leaves it held (`lastRefundFailure` says why); the next attempt has the next number.
 */
export interface HeldDepositState {
  readonly held: DepositHeld['data'] | undefined;
  readonly assigned: HeldDepositAssigned['data'] | undefined;
  /** The latest refund attempt, while its payment is neither validated nor failed. */
  readonly refunding: HeldDepositRefundRequested['data'] | undefined;
  readonly refunded: HeldDepositRefunded['data'] | undefined;
  /** The latest refund attempt, whatever became of it (its number is the count of attempts). */
  readonly lastRefundRequest: HeldDepositRefundRequested['data'] | undefined;
  readonly lastRefundFailure: string | undefined;
}

export type HeldDepositCommand =
  | { readonly type: 'HoldDeposit'; readonly deposit: Omit<DepositHeld['data'], 'heldAt'> }
  | { readonly type: 'AssignHeldDeposit'; readonly txHash: string; readonly userId: string; readonly assignedBy: string }
  | { readonly type: 'RefundHeldDeposit'; readonly txHash: string; readonly requestedBy: string }
  | {
      readonly type: 'RecordRefundOutcome';
      readonly attempt: number;
      readonly outcome: { readonly refunded: true; readonly refundTxHash: string } | { readonly refunded: false; readonly reason: string };
    };

export function decideHeldDeposit(command: HeldDepositCommand, state: HeldDepositState, context: { readonly now: Date }): HeldDepositEvent[] {
  const at = context.now.toISOString();
  switch (command.type) {
    case 'HoldDeposit':
      if (state.held) return [];
      return [{ type: 'DepositHeld', data: { ...command.deposit, heldAt: at } }];
    case 'AssignHeldDeposit': {
      if (!state.held) throw new DomainError('NotFound', `No deposit ${command.txHash} is held for review`);
      if (state.assigned?.userId === command.userId) return [];
      if (state.assigned) {
        throw new DomainError('Conflict', `Deposit ${command.txHash} was already credited to another user`, { assignedTo: state.assigned.userId });
      }
      if (state.refunded)
        throw new DomainError('Conflict', `Deposit ${command.txHash} was returned to its sender`, { refundTxHash: state.refunded.refundTxHash });
      if (state.refunding) throw new DomainError('Conflict', `Deposit ${command.txHash} is being returned to its sender`);
      return [
        {
          type: 'HeldDepositAssigned',
          data: { txHash: state.held.txHash, userId: command.userId, amountCents: state.held.amountCents, assignedBy: command.assignedBy, assignedAt: at },
        },
      ];
    }
    case 'RefundHeldDeposit': {
      if (!state.held) throw new DomainError('NotFound', `No deposit ${command.txHash} is held for review`);
      if (state.assigned) {
        throw new DomainError('Conflict', `Deposit ${command.txHash} was credited to a user and cannot be returned`, { assignedTo: state.assigned.userId });
      }
      // Asked again while it is under way or done: the same refund (the caller settles or reads it).
      if (state.refunding || state.refunded) return [];
      return [
        {
          type: 'HeldDepositRefundRequested',
          data: {
            txHash: state.held.txHash,
            attempt: (state.lastRefundRequest?.attempt ?? 0) + 1,
            destination: state.held.sender,
            amountCents: state.held.amountCents,
            requestedBy: command.requestedBy,
            requestedAt: at,
          },
        },
      ];
    }
    case 'RecordRefundOutcome': {
      // The outcome of an attempt that is no longer under way was recorded already (the request and the recovery both settle it).
      if (state.refunding?.attempt !== command.attempt) return [];
      const { txHash } = state.refunding;
      return command.outcome.refunded
        ? [{ type: 'HeldDepositRefunded', data: { txHash, attempt: command.attempt, refundTxHash: command.outcome.refundTxHash, refundedAt: at } }]
        : [{ type: 'HeldDepositRefundFailed', data: { txHash, attempt: command.attempt, reason: command.outcome.reason.slice(0, 500), failedAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export function evolveHeldDeposit(state: HeldDepositState, event: HeldDepositEvent): HeldDepositState {
  switch (event.type) {
    case 'DepositHeld':
      return { ...state, held: event.data };
    case 'HeldDepositAssigned':
      return { ...state, assigned: event.data };
    case 'HeldDepositRefundRequested':
      return { ...state, refunding: event.data, lastRefundRequest: event.data, lastRefundFailure: undefined };
    case 'HeldDepositRefunded':
      if (state.refunding?.attempt !== event.data.attempt) return state;
      return { ...state, refunding: undefined, refunded: event.data };
    case 'HeldDepositRefundFailed':
      if (state.refunding?.attempt !== event.data.attempt) return state;
      return { ...state, refunding: undefined, lastRefundFailure: event.data.reason };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function isHeldDepositEvent(event: RecordedEvent): event is RecordedEvent & HeldDepositEvent {
  return isFundsEvent(event) && heldDepositEventTypes.has(event.type);
}

export const heldDepositDecider: Decider<HeldDepositState, HeldDepositCommand, HeldDepositEvent> = {
  decide: decideHeldDeposit,
  evolve: evolveHeldDeposit,
  initialState: () => ({
    held: undefined,
    assigned: undefined,
    refunding: undefined,
    refunded: undefined,
    lastRefundRequest: undefined,
    lastRefundFailure: undefined,
  }),
  isEvent: isHeldDepositEvent,
};
