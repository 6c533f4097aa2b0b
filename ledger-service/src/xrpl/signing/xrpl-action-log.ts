import { type EventStore, isXrplActionEvent, type Position, type XrplActionEvent, xrplActionStreamId } from '@carbon-ledger/contracts';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { handleCommand, knownStream, recordDecider } from '../../shared/handle-command.js';

const actions = recordDecider<XrplActionEvent>(isXrplActionEvent);

/**
 * Records the outcome of a submitted XRPL action in `xrpl-action-<txHash>`. The
 * hash names the action, so its event id is derived from it: recording it twice
 * appends nothing new.
 */
export async function recordXrplAction(eventStore: EventStore, txHash: string, event: XrplActionEvent, context: CommandContext): Promise<Position> {
  const commandId = deriveId(txHash, 'xrpl-action');
  const result = await handleCommand(
    eventStore,
    xrplActionStreamId(txHash),
    actions,
    { command: event, context: { ...context, commandId, causationId: context.commandId } },
    { stream: knownStream(actions, 'no_stream') },
  );
  return result.position;
}

/** The outcome recorded for the action of `txHash` by an earlier submission, if any. */
export async function recordedXrplAction(eventStore: EventStore, txHash: string): Promise<XrplActionEvent | undefined> {
  const recorded = (await eventStore.readStream(xrplActionStreamId(txHash))).find(isXrplActionEvent);
  return recorded ? ({ type: recorded.type, data: recorded.data } as XrplActionEvent) : undefined;
}

/** Where the action of `txHash` is in the log: what its route's answer waits for the views to pass. */
export async function recordedXrplActionPosition(eventStore: EventStore, txHash: string): Promise<Position | undefined> {
  return (await eventStore.readStream(xrplActionStreamId(txHash))).find(isXrplActionEvent)?.position;
}

/** Records the action of `txHash` unless an earlier submission did: a repeated submission (lost answer) records nothing new. */
export async function recordXrplActionOnce(eventStore: EventStore, txHash: string, event: XrplActionEvent, context: CommandContext): Promise<void> {
  if (!(await recordedXrplAction(eventStore, txHash))) await recordXrplAction(eventStore, txHash, event, context);
}
