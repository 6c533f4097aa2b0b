import { randomUUID } from 'node:crypto';
import { type RecordedEvent, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../test-support/event-store-database.js';
import { type CommandContext, deriveId } from './command-context.js';
import { aggregateStream, type Decider, handleCommand, knownStream } from './handle-command.js';

type CounterEvent = { readonly type: 'Added'; readonly data: { readonly amount: number } };
type CounterCommand = { readonly type: 'Add'; readonly amount: number };

/** A counter that refuses to go above 10. */
const counter: Decider<number, CounterCommand, CounterEvent> = {
  decide: (command, total) => {
    if (total + command.amount > 10) throw new RangeError(`${total} + ${command.amount} is above 10`);
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
  evolve: (total, event) => total + event.data.amount,
  initialState: () => 0,
  isEvent: (event: RecordedEvent): event is RecordedEvent & CounterEvent => event.type === 'Added',
};

const context = (commandId: string = randomUUID()): CommandContext => ({
  commandId,
  correlationId: commandId,
  causationId: commandId,
  actor: { userId: 'user-1', role: 'trader' },
  now: new Date('2026-11-26T12:00:00Z'),
});
const add = (amount: number, commandId?: string) => ({ command: { type: 'Add', amount } as const, context: context(commandId) });

describe('handleCommand against PostgreSQL', () => {
  let database: EventStoreDatabase | undefined;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    database = await createEventStoreDatabase('handle_command', 4);
    eventStore = database.eventStore;
  });
  afterAll(() => database?.close());

  it('loads, decides and appends with ids from the command id; a retry is answered as a replay', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(eventStore, stream, counter, add(3));
    const request = add(4);
    const first = await handleCommand(eventStore, stream, counter, request);
    expect(first).toMatchObject({ replayed: false, newState: 7, newEvents: [{ type: 'Added', data: { amount: 4 } }] });

    const retry = await handleCommand(eventStore, stream, counter, request);
    expect(retry).toMatchObject({ replayed: true, position: first.position, newEvents: [] });
    const events = await eventStore.readStream(stream);
    expect(events.map((event) => event.eventId)).toEqual([expect.any(String), deriveId(request.context.commandId, 'event:0')]);
  });

  it('one command run eight times at once: one appends, the other seven are answered as replays of it (a faucet would pay once)', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(eventStore, stream, counter, add(1));
    const request = add(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => handleCommand(eventStore, stream, counter, request)));
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.replayed)) expect(answer.newEvents).toEqual([]);
    expect(new Set(answers.map((answer) => `${answer.position.commit}:${answer.position.prepare}`)).size).toBe(1);
    expect((await eventStore.readStream(stream)).map((event) => event.data)).toEqual([{ amount: 1 }, { amount: 2 }]);
  });

  it('a refusal throws the decider error and appends nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(eventStore, stream, counter, add(8));
    await expect(handleCommand(eventStore, stream, counter, add(5))).rejects.toBeInstanceOf(RangeError);
    expect(await eventStore.readStream(stream)).toHaveLength(1);
  });

  it('a stream known as new is not read: an existing one refuses the append', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(eventStore, stream, counter, add(1));
    await expect(handleCommand(eventStore, stream, counter, add(1), { stream: knownStream(counter, 'no_stream') })).rejects.toBeInstanceOf(
      WrongExpectedVersion,
    );
  });

  it('a group is decided in turn and appended once; a refused request fails none of the others', async () => {
    const stream = `counter-${randomUUID()}`;
    const loaded = await aggregateStream(eventStore, stream, counter);
    const repeated = add(2);
    const { appended, eventCount, outcomes } = await handleCommand(
      eventStore,
      stream,
      counter,
      [add(6), add(5), repeated, repeated, { ...add(1), after: (total: number) => total }],
      { stream: loaded },
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['decided', 'refused', 'decided', 'replayed', 'decided']);
    expect(outcomes[4]).toMatchObject({ result: 9 });
    expect(eventCount).toBe(3);
    expect(appended?.nextExpectedVersion).toBe(2n);
    expect(loaded).toMatchObject({ state: 9, version: 2n });
    expect(await eventStore.readStream(stream)).toHaveLength(3);
  });
});
