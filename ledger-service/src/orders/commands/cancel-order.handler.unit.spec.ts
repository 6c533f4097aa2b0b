import type { OrderView, Position } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
} from '../../credit-market/credit-market.decider.js';
import type { AfterCommand, CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { CancelOrderCommand, CancelOrderHandler } from './cancel-order.handler.js';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const HEAD: Position = { commit: 41n, prepare: 42n };
const market = { projectType: 'Solar Energy', vintage: 2026 } as const;
const context: CommandContext = {
  commandId: 'cancel-1',
  correlationId: 'cancel-1',
  causationId: 'cancel-1',
  actor: { userId: 'alice', role: 'trader' },
  now: new Date('2026-11-27T10:00:00.000Z'),
};
const row = (status: OrderView['status'], filled: number): OrderView => ({
  id: ORDER_ID,
  type: 'buy',
  amount: 5,
  price: '10.00',
  ...market,
  status,
  filled,
  ownerId: 'alice',
  createdAt: '2026-11-27T09:00:00.000Z',
});

/** The real decider on a market state, behind the store's interface. */
function marketWith(commands: readonly CreditMarketCommand[]): CreditMarketStore {
  const state = initialCreditMarketState();
  let n = 0;
  const decide = (command: CreditMarketCommand): CreditMarketEvent[] => {
    n += 1;
    const events = decideCreditMarket(command, state, { now: context.now, newId: (purpose) => `${n}:${purpose}`, market });
    for (const event of events) evolveCreditMarket(state, event);
    return events;
  };
  for (const command of commands) decide(command);
  return {
    execute: <R>(_type: string, _vintage: number, command: CreditMarketCommand, _context: CommandContext, after: AfterCommand<R>) => {
      const events = decide(command);
      return Promise.resolve({ position: HEAD, replayed: false, events, result: after(state, events) });
    },
  } as unknown as CreditMarketStore;
}

function handler(store: CreditMarketStore): CancelOrderHandler {
  return new CancelOrderHandler(store);
}

async function refusal(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  return { code, message };
}

// A market that no longer holds the order, nor remembers closing it: placed, then filled (or cancelled) before its snapshot.
const forgotten = marketWith([]);

describe('cancelling an order the market no longer holds', () => {
  it('the order book shows it closed: refused with 409 naming how it closed, at once', async () => {
    for (const [status, message] of [
      ['completed', `Order ${ORDER_ID} is already filled`],
      ['cancelled', `Order ${ORDER_ID} is already cancelled`],
    ] as const) {
      expect(await refusal(handler(forgotten).execute(new CancelOrderCommand(ORDER_ID, row(status, 5), false, context)))).toEqual({
        code: 'Conflict',
        message,
      });
    }
  });

  it('someone else’s closed order: Forbidden, as before', async () => {
    const bob = { ...context, actor: { userId: 'bob', role: 'trader' as const } };
    expect(await refusal(handler(forgotten).execute(new CancelOrderCommand(ORDER_ID, row('completed', 5), false, bob)))).toEqual({
      code: 'Forbidden',
      message: 'Only the owner of an order can cancel it',
    });
  });

  it('the order book still shows it open: Order not found, as the market says (the HTTP edge then reads the order book again), without waiting here', async () => {
    expect(await refusal(handler(forgotten).execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context)))).toEqual({
      code: 'NotFound',
      message: 'Order not found',
    });
  });
});

describe('cancelling an open order', () => {
  it('answers the order book’s row with the cancel applied: cancelled, filled as the cancel left it', async () => {
    const store = marketWith([{ type: 'PlaceOrder', orderId: ORDER_ID, ownerId: 'alice', order: { type: 'buy', amount: 5, price: '10.00', ...market } }]);
    const result = await handler(store).execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context));
    expect(result).toEqual({ position: HEAD, replayed: false, order: row('cancelled', 0) });
  });
});
