import { createHash } from 'node:crypto';
import { depositTagStreamId, type EventStore, type FundsEvent, isFundsEvent, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { deriveId } from '../shared/command-context.js';
import { handleCommand, knownStream, recordDecider } from '../shared/handle-command.js';

const MAX_TAG = 4_294_967_295;
/** Tags probed before giving up: with 2^32 tags, a long run of taken ones means something else is wrong. */
const MAX_PROBES = 64;

const claims = recordDecider<FundsEvent>(isFundsEvent);

/**
 * One destination tag per user on the platform's deposit address, as exchanges assign them. Each
 * tag is claimed for good in a stream of its own (`deposit-tag-<tag>`, created once), so two users
 * can never share one, and the tag a user gets is the first of a fixed sequence of candidates (from
 * a hash of the user id) that is free or already theirs: asking again finds the same tag.
 */
export class DepositTags {
  constructor(private readonly eventStore: EventStore) {}

  async tagOf(userId: string, now: Date): Promise<number> {
    const start = createHash('sha256').update(userId).digest().readUInt32BE(0);
    for (let probe = 0; probe < MAX_PROBES; probe += 1) {
      const tag = ((start + probe) % MAX_TAG) + 1;
      const owner = await this.userOf(tag);
      if (owner === userId) return tag;
      if (owner !== undefined) continue;
      const commandId = deriveId(`deposit-tag:${tag}`, userId);
      try {
        await handleCommand(
          this.eventStore,
          depositTagStreamId(tag),
          claims,
          {
            command: { type: 'DepositTagClaimed', data: { tag, userId, claimedAt: now.toISOString() } },
            context: { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'trader' }, now },
          },
          { stream: knownStream(claims, 'no_stream') },
        );
        return tag;
      } catch (error) {
        // Someone claimed it first: look at who.
        if (!(error instanceof WrongExpectedVersion)) throw error;
        probe -= 1;
        if ((await this.userOf(tag)) === undefined) throw error;
      }
    }
    throw new Error(`no free destination tag for user ${userId} after ${MAX_PROBES} candidates`);
  }

  /** The user a tag belongs to; undefined for a tag nobody claimed (a deposit with it is held for review). */
  async userOf(tag: number): Promise<string | undefined> {
    const [claim] = await this.eventStore.readStream(depositTagStreamId(tag));
    return claim?.type === 'DepositTagClaimed' ? (claim.data as { userId: string }).userId : undefined;
  }
}
