import { type CreditLabel, creditLabels, type PlaceOrderRequest } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { issueRegistryBatch as issue } from '../test-support/registry-batch.js';
import { runMarket, SPEC_MARKET, specId } from '../test-support/market-runs.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
  registryViolations,
} from './credit-market.decider.js';
import { decodeMarketState, encodeMarketState } from './market-state-codec.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const ids = specId;
const market = SPEC_MARKET;
const run = (commands: CreditMarketCommand[]) => runMarket(now, commands);
const PLAIN = 'SOLAR-2026-AAAAAAAA';
const CCP = 'SOLAR-2026-BBBBBBBB';
const BOTH = 'SOLAR-2026-CCCCCCCC';
const LABELS: ReadonlyMap<string, readonly CreditLabel[]> = new Map([
  [PLAIN, []],
  [CCP, ['CCP-approved']],
  [BOTH, ['CCP-approved', 'CORSIA eligible']],
]);

const order = (type: 'buy' | 'sell', amount: number, price: string, labels?: CreditLabel[]): PlaceOrderRequest => ({
  type,
  amount,
  price,
  projectType: 'Solar Energy',
  vintage: 2026,
  ...(labels ? { labels } : {}),
});
const place = (n: number, ownerId: string, request: PlaceOrderRequest, batchLabels: typeof LABELS | null = LABELS): CreditMarketCommand => ({
  type: 'PlaceOrder',
  orderId: ids(n),
  ownerId,
  order: request,
  ...(batchLabels ? { batchLabels } : {}),
});

const trades = (events: readonly CreditMarketEvent[]) => events.flatMap((event) => (event.type === 'TradeExecuted' ? [event.data] : []));

/** Alice holds 10 plain, then 10 CCP, then 10 CCP + CORSIA credits, and offers all 30 in one ask. */
const mixedAsk: CreditMarketCommand[] = [
  issue(PLAIN, 'alice', 10),
  issue(CCP, 'alice', 10),
  issue(BOTH, 'alice', 10),
  place(1, 'alice', order('sell', 30, '10.00')),
];

describe('bids for labelled credits', () => {
  it('a labelled buy takes only the serials of batches carrying all its labels, wherever they sit in the escrow', () => {
    const { state, events } = run([...mixedAsk, place(2, 'bob', order('buy', 15, '10.00', ['CORSIA eligible', 'CCP-approved']))]);
    expect(events[0]).toMatchObject({ type: 'OrderPlaced', data: { labels: ['CCP-approved', 'CORSIA eligible'] } });
    expect(trades(events)).toEqual([expect.objectContaining({ quantity: 10, ranges: [{ batchId: BOTH, start: 1, end: 10 }] })]);
    // The ask keeps its plain and CCP serials; the bid rests for the 5 it could not get.
    expect(state.orders.get(ids(1))).toMatchObject({
      remaining: 20,
      reserved: [
        { batchId: PLAIN, start: 1, end: 10 },
        { batchId: CCP, start: 1, end: 10 },
      ],
    });
    expect(state.orders.get(ids(2))).toMatchObject({ remaining: 5, labels: ['CCP-approved', 'CORSIA eligible'] });
    expect(registryViolations(state)).toEqual([]);
  });

  it('a labelled buy passes an ask with none of its labels and trades the next one in priority', () => {
    const { events } = run([
      issue(PLAIN, 'alice', 10),
      issue(CCP, 'carol', 10),
      place(1, 'alice', order('sell', 10, '9.00')),
      place(2, 'carol', order('sell', 10, '9.50')),
      place(3, 'bob', order('buy', 4, '10.00', ['CCP-approved'])),
    ]);
    expect(trades(events)).toEqual([
      expect.objectContaining({ sellOrderId: ids(2), quantity: 4, price: '9.50', ranges: [{ batchId: CCP, start: 1, end: 4 }] }),
    ]);
  });

  it('a resting labelled bid trades an incoming sell only in serials that carry its labels, and only when the labels are known', () => {
    const bid = place(1, 'bob', order('buy', 5, '10.00', ['CCP-approved']));
    const unknown = run([issue(CCP, 'alice', 10), bid, place(2, 'alice', order('sell', 5, '10.00'), null)]);
    expect(trades(unknown.events)).toEqual([]);
    const known = run([issue(PLAIN, 'alice', 3), issue(CCP, 'alice', 10), bid, place(2, 'alice', order('sell', 8, '10.00'))]);
    expect(trades(known.events)).toEqual([expect.objectContaining({ quantity: 5, ranges: [{ batchId: CCP, start: 1, end: 5 }] })]);
    expect(known.state.orders.get(ids(2))).toMatchObject({ remaining: 3, reserved: [{ batchId: PLAIN, start: 1, end: 3 }] });
  });

  it('an unlabelled bid takes any serials, from the front of the escrow, as before', () => {
    const { events } = run([...mixedAsk, place(2, 'bob', order('buy', 12, '10.00'))]);
    expect(trades(events)[0]!.ranges).toEqual([
      { batchId: PLAIN, start: 1, end: 10 },
      { batchId: CCP, start: 1, end: 2 },
    ]);
  });

  it('refuses labels on a sell order', () => {
    expect(() => run([issue(CCP, 'alice', 10), place(1, 'alice', order('sell', 5, '10.00', ['CCP-approved']))])).toThrow(DomainError);
  });

  it('a labelled bid survives a snapshot', () => {
    const { state } = run([place(1, 'bob', order('buy', 5, '10.00', ['CORSIA eligible']))]);
    const decoded = decodeMarketState(encodeMarketState(state).bytes).state;
    expect(decoded.orders.get(ids(1))).toMatchObject({ labels: ['CORSIA eligible'] });
    expect([...decoded.bids][0]).toMatchObject({ labels: ['CORSIA eligible'] });
  });

  it('over random books, a labelled bid never receives a serial of a batch lacking its labels, and supply holds', () => {
    const step = fc.record({
      owner: fc.constantFrom('alice', 'bob', 'carol'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      amount: fc.integer({ min: 1, max: 8 }),
      cents: fc.integer({ min: 900, max: 1100 }),
      labels: fc.subarray([...creditLabels]),
      known: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const state = initialCreditMarketState();
        const decide = (command: CreditMarketCommand, index: number): CreditMarketEvent[] => {
          try {
            const events = decideCreditMarket(command, state, { now, newId: (purpose) => `${ids(index)}:${purpose}`, market });
            for (const event of events) evolveCreditMarket(state, event);
            return events;
          } catch (error) {
            if (error instanceof DomainError) return [];
            throw error;
          }
        };
        // Each owner holds a plain, a CCP and a CCP + CORSIA batch of its own.
        const labelsOf = new Map<string, readonly CreditLabel[]>();
        let index = 0;
        for (const [n, owner] of ['alice', 'bob', 'carol'].entries()) {
          for (const [kind, labels] of [[], ['CCP-approved'], ['CCP-approved', 'CORSIA eligible']].entries()) {
            const batchId = `SOLAR-2026-${String(n * 3 + kind).padStart(8, '0')}`;
            labelsOf.set(batchId, labels as CreditLabel[]);
            decide(issue(batchId, owner, 20), index++);
          }
        }
        const wanted = new Map<string, readonly CreditLabel[]>();
        for (const s of steps) {
          const labels = s.side === 'buy' && s.labels.length > 0 ? s.labels : undefined;
          const command = place(index + 1000, s.owner, order(s.side, s.amount, (s.cents / 100).toFixed(2), labels), s.known ? labelsOf : null);
          if (labels) wanted.set(ids(index + 1000), labels);
          for (const trade of trades(decide(command, index++))) {
            const required = wanted.get(trade.buyOrderId!) ?? [];
            for (const range of trade.ranges) expect(required.every((label) => labelsOf.get(range.batchId)!.includes(label))).toBe(true);
          }
        }
        expect(registryViolations(state)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
