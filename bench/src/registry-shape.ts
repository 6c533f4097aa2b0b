/**
 * The shape of bench:registry's log at a given size, scaled from the largest registry the bench
 * stands for: at 10,000,000 events, ~2,000 projects, 20,000 batches, 1.3 billion credits,
 * 1,000,000 retirements and 3,000,000 transfers and trades across 10,000 accounts.
 */
export interface RegistryShape {
  readonly events: number;
  readonly projects: number;
  readonly batches: number;
  /** Credits issued over all batches. */
  readonly credits: number;
  readonly accounts: number;
  readonly retirements: number;
  /** Direct transfers between accounts (TransferCredits). */
  readonly transfers: number;
  /** Trades matched on the order book (a sell order, then a funded buy that crosses it). */
  readonly trades: number;
  /** AML alerts raised on transfers and trades. */
  readonly alerts: number;
  /** Deposits beyond each account's opening one. */
  readonly deposits: number;
}

export const REFERENCE_EVENTS = 10_000_000;

export function registryShape(events: number): RegistryShape {
  const scale = events / REFERENCE_EVENTS;
  const at = (reference: number, floor: number): number => Math.max(floor, Math.round(reference * scale));
  return {
    events,
    projects: at(2_000, 7),
    batches: at(20_000, 42),
    credits: at(1_300_000_000, 42 * 1_000),
    accounts: at(10_000, 20),
    retirements: at(1_000_000, 1),
    transfers: at(2_000_000, 1),
    trades: at(1_000_000, 1),
    alerts: at(300_000, 1),
    deposits: at(200_000, 1),
  };
}

/** The sizes measured in one run: 10 %, 30 % and all of it. */
export function checkpoints(events: number): number[] {
  return [...new Set([0.1, 0.3, 1].map((share) => Math.max(1, Math.round(events * share))))];
}

export type Operation = 'retire' | 'transfer' | 'trade' | 'alert' | 'deposit';

/** Picks the next operation, each in proportion to its count in the shape; `roll` in [0, 1). */
export function pickOperation(shape: RegistryShape, roll: number): Operation {
  const weights: [Operation, number][] = [
    ['retire', shape.retirements],
    ['transfer', shape.transfers],
    ['trade', shape.trades],
    ['alert', shape.alerts],
    ['deposit', shape.deposits],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let left = roll * total;
  for (const [operation, weight] of weights) {
    left -= weight;
    if (left < 0) return operation;
  }
  return weights.at(-1)![0];
}

/** How many of `total` are due once `done` of `events` events are built (at least one from the start), so every checkpoint has its share. */
export function dueBy(total: number, done: number, events: number): number {
  return Math.min(total, Math.ceil((total * done) / events) + 1);
}

/** Growth of a figure from the first checkpoint to the last: last / first; undefined without both. */
export function growth(first: number | undefined, last: number | undefined): number | undefined {
  if (first === undefined || last === undefined || !Number.isFinite(first) || !Number.isFinite(last) || first <= 0) return undefined;
  return last / first;
}
