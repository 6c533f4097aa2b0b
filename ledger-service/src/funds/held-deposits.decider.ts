import type { DepositHeld, FundsEvent, HeldDepositAssigned } from '@carbon-ledger/contracts';
import { isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

type HeldDepositEvent = Extract<FundsEvent, { type: 'DepositHeld' | 'HeldDepositAssigned' }>;

/** One payment held for compliance review (stream `deposit-held-<txHash>`): held once, assigned at most once. */
export interface HeldDepositState {
  readonly held: DepositHeld['data'] | undefined;
  readonly assigned: HeldDepositAssigned['data'] | undefined;
}

export type HeldDepositCommand =
  | { readonly type: 'HoldDeposit'; readonly deposit: Omit<DepositHeld['data'], 'heldAt'> }
  | { readonly type: 'AssignHeldDeposit'; readonly txHash: string; readonly userId: string; readonly assignedBy: string };

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
      return [
        {
          type: 'HeldDepositAssigned',
          data: { txHash: state.held.txHash, userId: command.userId, amountCents: state.held.amountCents, assignedBy: command.assignedBy, assignedAt: at },
        },
      ];
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
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function isHeldDepositEvent(event: RecordedEvent): event is RecordedEvent & HeldDepositEvent {
  return isFundsEvent(event) && (event.type === 'DepositHeld' || event.type === 'HeldDepositAssigned');
}

export const heldDepositDecider: Decider<HeldDepositState, HeldDepositCommand, HeldDepositEvent> = {
  decide: decideHeldDeposit,
  evolve: evolveHeldDeposit,
  initialState: () => ({ held: undefined, assigned: undefined }),
  isEvent: isHeldDepositEvent,
};
