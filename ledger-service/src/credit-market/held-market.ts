import { type CreditProjectType, isCreditEvent, isOrderEvent, type Position, type RecordedEvent, type StreamAppend } from '@carbon-ledger/contracts';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import type { DecidedStream, Decider } from '../shared/handle-command.js';
import { ClosedOrders } from './closed-orders.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
  ordersItMayClose,
} from './credit-market.decider.js';

export interface MarketCommandResult<R> {
  readonly position: Position;
  /** True when this command id was already applied (a retry); nothing new was appended. */
  readonly replayed: boolean;
  readonly events: readonly CreditMarketEvent[];
  readonly result: R;
}

/**
 * Reads what a caller needs right after its command: the state, and the command's events (decided
 * now, or for a replay the ones the log holds for it, so that a replayed retirement still names its
 * serials though the state no longer keeps them).
 */
export type AfterCommand<R> = (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R;

export interface Pending {
  /** Undefined for a read: it sees the state between the commands queued before and after it. */
  readonly command: CreditMarketCommand | undefined;
  readonly context: CommandContext;
  readonly after: AfterCommand<unknown>;
  /** Other streams' events appended atomically with the command's (a funded buy's reservation). */
  readonly with?: readonly StreamAppend[];
  readonly resolve: (value: MarketCommandResult<unknown>) => void;
  readonly reject: (error: unknown) => void;
}

/** What the store holds of one market: its folded stream, what a rebuild starts from, its queue. */
export interface Market {
  readonly streamId: string;
  readonly decider: Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent>;
  /**
   * The folded stream, with the commands applied since `base`; undefined until loaded, and
   * after a failed group (its state may hold events the log does not) until rebuilt.
   */
  stream: DecidedStream<CreditMarketState> | undefined;
  /** The stream's version the log confirmed last: where a rebuild reads forward from. */
  held: bigint | 'no_stream';
  /** The state at `base.version`, encoded: what a rebuild starts from (see rebuild). */
  base: { readonly bytes: Buffer; readonly version: bigint | 'no_stream'; readonly work: number } | undefined;
  /** The market's events after `base.version` up to `held`, in order, each with its command's id. */
  sinceBase: { readonly commandId: string; readonly event: CreditMarketEvent }[];
  /** The commands of the events since `base` that the log holds (the last stream's `applied`, kept across rebuilds). */
  applied?: Map<string, Position>;
  readonly queue: Pending[];
  running: boolean;
  readonly closedOrders: ClosedOrders;
}

export function newMarket(streamId: string, projectType: CreditProjectType, vintage: number): Market {
  const closedOrders = new ClosedOrders();
  return {
    streamId,
    decider: creditMarketDecider({ projectType, vintage }, closedOrders),
    closedOrders,
    stream: undefined,
    held: 'no_stream',
    base: undefined,
    sinceBase: [],
    queue: [],
    running: false,
  };
}

/**
 * The market's decider: its ids derive from the command id, and it knows which market it decides for;
 * with `closedOrders`, it notes the orders its events close and answers a cancel of one from there.
 */
export function creditMarketDecider(
  market: {
    readonly projectType: CreditProjectType;
    readonly vintage: number;
  },
  closedOrders?: ClosedOrders,
): Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent> {
  const closedOrder = closedOrders ? (orderId: string) => closedOrders.get(orderId) : undefined;
  return {
    decide: (command, state, context) =>
      decideCreditMarket(command, state, {
        now: context.now,
        newId: (purpose) => deriveId(context.commandId, purpose),
        market,
        ...(closedOrder ? { closedOrder } : {}),
      }),
    evolve: closedOrders
      ? (state, event) => {
          const touched = ordersItMayClose(state, event);
          evolveCreditMarket(state, event);
          for (const order of touched) {
            if (state.orders.has(order.orderId)) continue;
            closedOrders.note(order.orderId, { ownerId: order.ownerId, status: event.type === 'OrderCancelled' ? 'cancelled' : 'completed' });
          }
          return state;
        }
      : evolveCreditMarket,
    initialState: initialCreditMarketState,
    isEvent: (event): event is RecordedEvent & CreditMarketEvent => isCreditEvent(event) || isOrderEvent(event),
  };
}
