import { buyHoldCents, buyReservationCents, fillCash, type FundsEvent, platformFeeCents } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideFunds, evolveFunds, type FundsCommand, initialFundsState } from './funds.decider.js';

const now = new Date('2026-11-26T12:00:00Z');
const given = (events: FundsEvent[]) => events.reduce(evolveFunds, initialFundsState());
const TX = 'A'.repeat(64);
const deposited = (amountCents: number, txHash = TX): FundsEvent => ({
  type: 'FundsDeposited',
  data: { depositId: '00000000-0000-4000-8000-000000000001', userId: 'u1', amountCents, txHash, depositedAt: now.toISOString() },
});
const reserve = (amountCents: number, marketCreditsCents = 0): FundsCommand => ({
  type: 'ReserveFunds',
  reservation: {
    reservationId: '00000000-0000-4000-8000-000000000002',
    userId: 'u1',
    orderId: '00000000-0000-4000-8000-000000000003',
    amountCents,
    order: { projectType: 'Solar Energy', vintage: 2024, amount: 10, price: '10.00' },
    placementCommandId: 'c1',
  },
  marketCreditsCents,
});

describe('cash stream decider', () => {
  it('a deposit is credited once per transaction hash', () => {
    const state = given([deposited(500)]);
    expect(decideFunds({ type: 'RecordDeposit', depositId: 'd2', userId: 'u1', amountCents: 500, txHash: TX }, state, { now })).toEqual([]);
  });

  it('refuses a reservation above the available balance with the balance in the answer (409)', () => {
    const refusal = (() => {
      try {
        decideFunds(reserve(10_050), given([deposited(10_000)]), { now });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'Conflict', details: { currency: 'USD', available: '100.00', required: '100.50' } });
  });

  it('counts proceeds and released holds recorded in the markets as available', () => {
    const [event] = decideFunds(reserve(10_050, 50), given([deposited(10_000)]), { now });
    expect(event?.type).toBe('FundsReserved');
  });

  it('a withdrawal holds the amount; voided it comes back, posted it is gone', () => {
    const requested: FundsEvent = {
      type: 'WithdrawalRequested',
      data: { withdrawalId: '00000000-0000-4000-8000-000000000009', userId: 'u1', amountCents: 400, destination: 'rX', requestedAt: now.toISOString() },
    };
    const voided = given([
      deposited(500),
      requested,
      { type: 'WithdrawalVoided', data: { withdrawalId: requested.data.withdrawalId, reason: 'tecNO_LINE', voidedAt: now.toISOString() } },
    ]);
    expect(voided.depositedCents - voided.committedCents).toBe(500);
    const posted = given([
      deposited(500),
      requested,
      { type: 'WithdrawalPosted', data: { withdrawalId: requested.data.withdrawalId, txHash: TX, postedAt: now.toISOString() } },
    ]);
    expect(posted.depositedCents - posted.committedCents).toBe(100);
    expect(() => decideFunds({ type: 'VoidWithdrawal', withdrawalId: requested.data.withdrawalId, reason: 'late' }, posted, { now })).toThrow('paid out');
  });
});

describe('fee rounding (docs/funds.md)', () => {
  it('rounds the 0.5% fee up to the cent', () => {
    expect(platformFeeCents(0)).toBe(0);
    expect(platformFeeCents(1)).toBe(1);
    expect(platformFeeCents(200)).toBe(1);
    expect(platformFeeCents(201)).toBe(2);
    expect(buyReservationCents(10, 1_000)).toBe(10_050);
  });

  it('charges the fee on the order’s cumulative notional, so ten 1-cent fills pay 1 cent, not 10', () => {
    let order = { limitCents: 1, remaining: 10, matchedNotionalCents: 0 };
    let fees = 0;
    let released = 0;
    for (let fill = 0; fill < 10; fill += 1) {
      const cash = fillCash(order, 1, 1);
      fees += cash.feeCents;
      released += cash.releasedCents;
      order = { ...order, remaining: order.remaining - 1, matchedNotionalCents: order.matchedNotionalCents + 1 };
    }
    expect(fees).toBe(1);
    expect(released).toBe(0);
    expect(buyHoldCents(0, 1, 10)).toBe(0);
  });

  it('gives back the difference when a buy fills below its limit', () => {
    // 10 credits at a limit of 10.00 reserve 100.50; all at 9.00 cost 90.00 + 0.45.
    expect(fillCash({ limitCents: 1_000, remaining: 10, matchedNotionalCents: 0 }, 10, 900)).toEqual({
      notionalCents: 9_000,
      feeCents: 45,
      releasedCents: 1_005,
    });
  });
  it('a direct offer’s reservation is voided whole, once, and its amount is available again; a buy order’s is not voided here', () => {
    const offerReservation = {
      ...reserve(3_031),
      reservation: { ...(reserve(3_031) as Extract<FundsCommand, { type: 'ReserveFunds' }>).reservation, pays: 'direct-offer' as const },
    };
    const [reserved] = decideFunds(offerReservation, given([deposited(5_000)]), { now });
    const state = given([deposited(5_000), reserved!]);
    const voidIt: FundsCommand = { type: 'VoidReservation', reservationId: '00000000-0000-4000-8000-000000000002', reason: 'offer-closed' };
    const [voided] = decideFunds(voidIt, state, { now });
    expect(voided).toMatchObject({ type: 'FundsReservationVoided', data: { orderId: '00000000-0000-4000-8000-000000000003', amountCents: 3_031 } });
    const after = evolveFunds(state, voided!);
    expect(after.committedCents).toBe(0);
    expect(decideFunds(voidIt, after, { now })).toEqual([]);
    const [buyReserved] = decideFunds(reserve(3_031), given([deposited(5_000)]), { now });
    expect(() => decideFunds(voidIt, given([deposited(5_000), buyReserved!]), { now })).toThrow(DomainError);
  });
});
