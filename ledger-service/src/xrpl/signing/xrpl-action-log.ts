import { type EventStore, isXrplActionEvent, type Position, type XrplActionEvent, xrplActionStreamId } from '@carbon-ledger/contracts';
import { type CommandContext, deriveId, toEventsToAppend } from '../../shared/command-context.js';

/**
 * Records the outcome of a submitted XRPL action in `xrpl-action-<txHash>`. The
 * hash names the action, so its event id is derived from it: recording it twice
 * appends nothing new.
 */
export async function recordXrplAction(eventStore: EventStore, txHash: string, event: XrplActionEvent, context: CommandContext): Promise<Position> {
  const commandId = deriveId(txHash, 'xrpl-action');
  const result = await eventStore.appendToStream(
    xrplActionStreamId(txHash),
    toEventsToAppend([event], { ...context, commandId, causationId: context.commandId }),
    { expected: 'no_stream' },
  );
  return result.position;
}

/** The outcome recorded for the action of `txHash` by an earlier submission, if any. */
export async function recordedXrplAction(eventStore: EventStore, txHash: string): Promise<XrplActionEvent | undefined> {
  const recorded = (await eventStore.readStream(xrplActionStreamId(txHash))).find(isXrplActionEvent);
  return recorded ? ({ type: recorded.type, data: recorded.data } as XrplActionEvent) : undefined;
}
