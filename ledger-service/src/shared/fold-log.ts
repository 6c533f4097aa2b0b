import { comparePositions, type EventStore, type Position, type RecordedEvent, START } from '@carbon-ledger/contracts';

/** Something folded from the log an event at a time, in log order (a check of `npm run verify`, a fold the API keeps). */
export interface LogFold {
  apply(event: RecordedEvent): void;
}

const PAGE = 5_000;

/**
 * Reads the log after `after` (of `eventTypes` only, when given; up to `through` when given) into
 * `fold`; answers the position it read to. `npm run verify` folds all its checks in the one pass that re-derives the hash chains;
 * this is the read for a check run on its own.
 */
export async function foldLog(
  eventStore: EventStore,
  fold: LogFold,
  options: { readonly after?: Position; readonly through?: Position; readonly eventTypes?: ReadonlySet<string> } = {},
): Promise<Position> {
  let position = options.after ?? START;
  for (;;) {
    const page = await eventStore.readAll({ after: position, limit: PAGE, ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}) });
    for (const event of page) {
      if (options.through && comparePositions(event.position, options.through) > 0) return position;
      fold.apply(event);
      position = event.position;
    }
    const last = page.at(-1);
    if (!last) return position;
  }
}
