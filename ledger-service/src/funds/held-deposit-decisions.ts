import { type EventStore, heldDepositStreamId } from '@carbon-ledger/contracts';
import type { CommandContext } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream, type CommandResult, handleCommand, retryOnConflict } from '../shared/handle-command.js';
import { type HeldDepositCommand, heldDepositDecider, type HeldDepositEvent, type HeldDepositState } from './held-deposits.decider.js';

/** Two officers deciding one held deposit at once: the later one decides again on the stream read afresh. */
const MAX_CONFLICT_RETRIES = 3;

/** An officer's decision on a held deposit, as what follows it sees it. */
export interface HeldDepositDecision {
  readonly held: NonNullable<HeldDepositState['held']>;
  readonly decided: CommandResult<HeldDepositState, HeldDepositEvent>;
}

/**
 * Decides an officer's `command` on the held deposit `txHash` (404 unless one is held) and runs
 * `then` on the decision; `check` may refuse first, before anything is recorded. All of it runs
 * again on the stream read afresh when another officer decided first.
 */
export function decideOnHeldDeposit<R>(
  eventStore: EventStore,
  txHash: string,
  request: { readonly command: HeldDepositCommand; readonly context: CommandContext },
  then: (decision: HeldDepositDecision) => Promise<R>,
  check: (state: HeldDepositState) => Promise<void> = () => Promise.resolve(),
): Promise<R> {
  const streamId = heldDepositStreamId(txHash);
  return retryOnConflict(MAX_CONFLICT_RETRIES, async () => {
    const stream = await aggregateStream(eventStore, streamId, heldDepositDecider);
    const { held } = stream.state;
    if (!held) throw new DomainError('NotFound', `No deposit ${txHash} is held for review`);
    await check(stream.state);
    const decided = await handleCommand(eventStore, streamId, heldDepositDecider, request, { stream });
    return then({ held, decided });
  });
}
