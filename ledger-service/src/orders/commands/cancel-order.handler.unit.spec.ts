import type { EventStore, OrderView, Position } from '@carbon-ledger/contracts';
import type { QueryBus } from '@nestjs/cqrs';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/config.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
} from '../../credit-market/credit-market.decider.js';
import type { AfterCommand, CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ProjectionHost } from '../../infrastructure/projections/projection-host.js';
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

/** The order book read model: `rows` answered in turn, the last one from then on; `caughtUp` what waiting gives. */
function handler(store: CreditMarketStore, rows: readonly (OrderView | undefined)[], caughtUp = true) {
  const waits: Position[] = [];
  let read = 0;
  const queries = { execute: () => Promise.resolve(rows[Math.min(read++, rows.length - 1)]) } as unknown as QueryBus;
  const projections = {
    waitFor: (_names: unknown, position: Position) => {
      waits.push(position);
      return Promise.resolve(caughtUp);
    },
  } as unknown as ProjectionHost;
  const eventStore = { headPosition: () => Promise.resolve(HEAD) } as unknown as EventStore;
  const config = { PROJECTION_WAIT_MS: 10 } as AppConfig;
  return { handler: new CancelOrderHandler(store, eventStore, config, projections, queries), waits };
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

// A market that no longer holds the order: placed, then filled (or cancelled) and forgotten.
const forgotten = marketWith([]);

describe('cancelling an order the market no longer holds', () => {
  it('the order book shows it closed: refused with its text at once, without waiting', async () => {
    for (const [status, message] of [
      ['completed', 'A completed order cannot be cancelled'],
      ['cancelled', 'This order is already cancelled'],
    ] as const) {
      const { handler: cancel, waits } = handler(forgotten, []);
      expect(await refusal(cancel.execute(new CancelOrderCommand(ORDER_ID, row(status, 5), false, context)))).toEqual({ code: 'Conflict', message });
      expect(waits).toEqual([]);
    }
  });

  it('someone else’s closed order: Forbidden, as before', async () => {
    const { handler: cancel } = handler(forgotten, []);
    const bob = { ...context, actor: { userId: 'bob', role: 'trader' as const } };
    expect(await refusal(cancel.execute(new CancelOrderCommand(ORDER_ID, row('completed', 5), false, bob)))).toEqual({
      code: 'Forbidden',
      message: 'Only the owner of an order can cancel it',
    });
  });

  it('the order book still shows it open (it is behind the market): waits for it to reach the log’s head, then refuses as it says', async () => {
    const { handler: cancel, waits } = handler(forgotten, [row('completed', 5)]);
    expect(await refusal(cancel.execute(new CancelOrderCommand(ORDER_ID, row('partially_filled', 2), false, context)))).toEqual({
      code: 'Conflict',
      message: 'A completed order cannot be cancelled',
    });
    expect(waits).toEqual([HEAD]);
    const again = handler(forgotten, [row('cancelled', 2)]);
    expect(await refusal(again.handler.execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context)))).toEqual({
      code: 'Conflict',
      message: 'This order is already cancelled',
    });
  });

  it('caught up, the order book still shows it open (this process’s market is behind another’s): Order not found, as the market says', async () => {
    const { handler: cancel } = handler(forgotten, [row('pending', 0)]);
    expect(await refusal(cancel.execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context)))).toEqual({
      code: 'NotFound',
      message: 'Order not found',
    });
  });

  it('the order book does not catch up in time: 503, try again', async () => {
    const { handler: cancel } = handler(forgotten, [row('completed', 5)], false);
    expect(await refusal(cancel.execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context)))).toMatchObject({ code: 'ServiceUnavailable' });
  });
});

describe('cancelling an open order', () => {
  it('answers the order book’s row with the cancel applied: cancelled, filled as the cancel left it', async () => {
    const store = marketWith([{ type: 'PlaceOrder', orderId: ORDER_ID, ownerId: 'alice', order: { type: 'buy', amount: 5, price: '10.00', ...market } }]);
    const { handler: cancel, waits } = handler(store, []);
    const result = await cancel.execute(new CancelOrderCommand(ORDER_ID, row('pending', 0), false, context));
    expect(result).toEqual({ position: HEAD, replayed: false, order: row('cancelled', 0) });
    expect(waits).toEqual([]);
  });
});
