import { type FundsEvent, type FundsReservationVoided, type FundsReserved, isFundsEvent, SETTLEMENT_CURRENCY } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

/**
 * One user's cash stream: everything that lowers the user's available balance is decided here, at
 * the stream's version, so two reservations (in two markets) or a reservation and a withdrawal can
 * never overdraw together. What raises it (a seller's proceeds, a hold released by a fill or a
 * cancel) is recorded in the market streams, with the fill or the cancel, and reaches the decider as
 * `marketCreditsCents`: a sum that only grows, so a value read from a lagging read model is a lower
 * bound and can refuse a command that would have fitted, never accept one that overdraws.
 */
/**
 * The fold of one cash stream. `evolveFunds` updates its collections in place, as the credit market's
 * fold does: copying them per event made every reservation cost the size of the user's history (a
 * trader with 700 orders copied a 700-entry map per order, and loading the stream was quadratic).
 * A state handed to `evolveFunds` is the fold's own; `decideFunds` only reads.
 */
export interface FundsState {
  depositedCents: number;
  /** Reservations of buy orders and withdrawals not voided: what left the available balance. */
  committedCents: number;
  readonly deposits: Set<string>;
  readonly reservations: Map<string, FundsReserved['data']>;
  /** Reservations given back whole (an offer that closed before its acceptance reached the market). */
  readonly voidedReservations: Set<string>;
  readonly withdrawals: Map<string, { readonly amountCents: number; readonly status: 'pending' | 'posted' | 'voided' }>;
}

export const initialFundsState = (): FundsState => ({
  depositedCents: 0,
  committedCents: 0,
  deposits: new Set(),
  reservations: new Map(),
  voidedReservations: new Set(),
  withdrawals: new Map(),
});

export type FundsCommand =
  | { readonly type: 'RecordDeposit'; readonly depositId: string; readonly userId: string; readonly amountCents: number; readonly txHash: string }
  | {
      readonly type: 'ReserveFunds';
      readonly reservation: Omit<FundsReserved['data'], 'reservedAt'>;
      /** The user's proceeds and released holds recorded in the markets so far (a lower bound is safe). */
      readonly marketCreditsCents: number;
    }
  | { readonly type: 'VoidReservation'; readonly reservationId: string; readonly reason: FundsReservationVoided['data']['reason'] }
  | {
      readonly type: 'RequestWithdrawal';
      readonly withdrawalId: string;
      readonly userId: string;
      readonly amountCents: number;
      readonly destination: string;
      readonly marketCreditsCents: number;
    }
  | { readonly type: 'PostWithdrawal'; readonly withdrawalId: string; readonly txHash: string }
  | { readonly type: 'VoidWithdrawal'; readonly withdrawalId: string; readonly reason: string };

/** The balance a command may spend: deposits and market credits less everything committed. */
export function availableCents(state: FundsState, marketCreditsCents: number): number {
  return state.depositedCents + marketCreditsCents - state.committedCents;
}

function requireAvailable(state: FundsState, marketCreditsCents: number, requiredCents: number): void {
  const available = availableCents(state, marketCreditsCents);
  if (available < requiredCents) {
    throw new DomainError('Conflict', `Insufficient funds: ${formatCents(available)} ${SETTLEMENT_CURRENCY} available, ${formatCents(requiredCents)} needed`, {
      currency: SETTLEMENT_CURRENCY,
      available: formatCents(available),
      required: formatCents(requiredCents),
    });
  }
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function decideFunds(command: FundsCommand, state: FundsState, context: { readonly now: Date }): FundsEvent[] {
  const at = context.now.toISOString();
  switch (command.type) {
    case 'RecordDeposit':
      // Keyed by the transaction hash: a payment seen again (a second watcher, a restart) credits nothing.
      if (state.deposits.has(command.txHash)) return [];
      return [
        {
          type: 'FundsDeposited',
          data: { depositId: command.depositId, userId: command.userId, amountCents: command.amountCents, txHash: command.txHash, depositedAt: at },
        },
      ];
    case 'ReserveFunds': {
      if (state.reservations.has(command.reservation.reservationId)) return [];
      requireAvailable(state, command.marketCreditsCents, command.reservation.amountCents);
      return [{ type: 'FundsReserved', data: { ...command.reservation, reservedAt: at } }];
    }
    case 'VoidReservation': {
      const reservation = state.reservations.get(command.reservationId);
      if (!reservation) throw new DomainError('NotFound', 'No such reservation');
      if (state.voidedReservations.has(command.reservationId)) return [];
      // Only a direct offer's reservation is voided whole: a buy order's hold is released by its market (fills, cancel).
      if (reservation.pays !== 'direct-offer') throw new DomainError('Conflict', "A buy order's reservation is released by its order's cancel");
      return [
        {
          type: 'FundsReservationVoided',
          data: {
            reservationId: reservation.reservationId,
            userId: reservation.userId,
            orderId: reservation.orderId,
            amountCents: reservation.amountCents,
            reason: command.reason,
            voidedAt: at,
          },
        },
      ];
    }
    case 'RequestWithdrawal': {
      if (state.withdrawals.has(command.withdrawalId)) return [];
      requireAvailable(state, command.marketCreditsCents, command.amountCents);
      return [
        {
          type: 'WithdrawalRequested',
          data: {
            withdrawalId: command.withdrawalId,
            userId: command.userId,
            amountCents: command.amountCents,
            destination: command.destination,
            requestedAt: at,
          },
        },
      ];
    }
    case 'PostWithdrawal': {
      const withdrawal = state.withdrawals.get(command.withdrawalId);
      if (!withdrawal) throw new DomainError('NotFound', 'No such withdrawal');
      if (withdrawal.status === 'posted') return [];
      if (withdrawal.status === 'voided') throw new DomainError('Conflict', 'This withdrawal was voided');
      return [{ type: 'WithdrawalPosted', data: { withdrawalId: command.withdrawalId, txHash: command.txHash, postedAt: at } }];
    }
    case 'VoidWithdrawal': {
      const withdrawal = state.withdrawals.get(command.withdrawalId);
      if (!withdrawal) throw new DomainError('NotFound', 'No such withdrawal');
      if (withdrawal.status === 'voided') return [];
      if (withdrawal.status === 'posted') throw new DomainError('Conflict', 'This withdrawal was paid out');
      return [{ type: 'WithdrawalVoided', data: { withdrawalId: command.withdrawalId, reason: command.reason, voidedAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export function evolveFunds(state: FundsState, event: FundsEvent): FundsState {
  switch (event.type) {
    case 'FundsDeposited':
      state.depositedCents += event.data.amountCents;
      state.deposits.add(event.data.txHash);
      return state;
    case 'FundsReserved':
      state.committedCents += event.data.amountCents;
      state.reservations.set(event.data.reservationId, event.data);
      return state;
    case 'FundsReservationVoided':
      if (state.voidedReservations.has(event.data.reservationId)) return state;
      state.committedCents -= event.data.amountCents;
      state.voidedReservations.add(event.data.reservationId);
      return state;
    case 'WithdrawalRequested':
      state.committedCents += event.data.amountCents;
      state.withdrawals.set(event.data.withdrawalId, { amountCents: event.data.amountCents, status: 'pending' });
      return state;
    case 'DepositTagClaimed':
    case 'DepositHeld':
    case 'HeldDepositAssigned':
    case 'HeldDepositRefundRequested':
    case 'HeldDepositRefunded':
    case 'HeldDepositRefundFailed':
      // Streams of their own; a held deposit reaches the user's stream as FundsDeposited once assigned.
      return state;
    case 'WithdrawalPosted':
    case 'WithdrawalVoided': {
      const withdrawal = state.withdrawals.get(event.data.withdrawalId);
      if (!withdrawal) return state;
      const voided = event.type === 'WithdrawalVoided';
      if (voided) state.committedCents -= withdrawal.amountCents;
      state.withdrawals.set(event.data.withdrawalId, { ...withdrawal, status: voided ? 'voided' : 'posted' });
      return state;
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const fundsDecider: Decider<FundsState, FundsCommand, FundsEvent> = {
  decide: decideFunds,
  evolve: evolveFunds,
  initialState: initialFundsState,
  isEvent: isFundsEvent,
};
