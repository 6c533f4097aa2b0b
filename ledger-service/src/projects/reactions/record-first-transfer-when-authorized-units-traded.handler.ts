import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthorizedUse,
  batchClaimsStreamId,
  comparePositions,
  type EventStore,
  isBatchClaimsEvent,
  isCreditEvent,
  type IsoCountryCode,
  type RecordedEvent,
  type SerialRange,
} from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { ProjectionHost } from '../../infrastructure/projections/projection-host.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { reactionContext } from '../../shared/command-context.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { batchClaimsDecider } from '../batch-claims.decider.js';

/** How long the reaction waits for the credit registry read model to list a traded batch. */
const READ_MODEL_WAIT_MS = 30_000;

/** What the claims stream said of a batch when a trade moved its units. */
interface AuthorizationAtTrade {
  readonly projectId: string;
  readonly hostCountry: IsoCountryCode;
  readonly use: AuthorizedUse;
}

/**
 * The first transfer of authorized units (docs/credit-use.md): when a trade moves serials of an
 * authorized batch out of the batch's issuance account, that is recorded on the batch's claims
 * stream, once per trade and batch. The authorization that counts is the one in force where the
 * trade sits in the log, not the one recorded since, so a late reaction records what was true.
 *
 * Exactly once: the record's command id derives from the trade event and the batch, so a replay or
 * a second instance appends nothing new.
 *
 * Trades come in batches, each batch's claims stream read once for all of its trades there: a log of
 * millions of trades of a few thousand batches is caught up on reads of the batches, not the trades.
 */
@Injectable()
@LogReaction()
export class RecordFirstTransferWhenAuthorizedUnitsTraded implements Reaction {
  readonly name = 'record-first-transfer-when-authorized-units-traded';
  readonly eventTypes: ReadonlySet<string> = new Set(['TradeExecuted']);
  readonly batchSize = 200;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly projections: ProjectionHost,
  ) {}

  handle(event: RecordedEvent): Promise<void> {
    return this.handleBatch([event]);
  }

  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    /** Each batch's claims stream as read for this run of trades; the trades are before what it holds since. */
    const claimsStreams = new Map<string, Promise<RecordedEvent[]>>();
    const claimsOf = (batchId: string): Promise<RecordedEvent[]> => {
      let stream = claimsStreams.get(batchId);
      if (!stream) {
        stream = this.eventStore.readStream(batchClaimsStreamId(batchId));
        claimsStreams.set(batchId, stream);
      }
      return stream;
    };
    for (const event of events) await this.recordFirstTransfers(event, claimsOf);
  }

  private async recordFirstTransfers(event: RecordedEvent, claimsOf: (batchId: string) => Promise<RecordedEvent[]>): Promise<void> {
    if (!isCreditEvent(event) || event.type !== 'TradeExecuted') return;
    const trade = event.data;
    for (const [batchId, ranges] of rangesByBatch(trade.ranges)) {
      const authorization = authorizationAt(await claimsOf(batchId), event);
      // Most batches carry no authorization: they are passed by on one read of an empty stream.
      if (!authorization) continue;
      if ((await this.issuanceAccountOf(batchId, event)) !== trade.sellerAccountId) continue;
      await retryOnConflict(3, () =>
        handleCommand(this.eventStore, batchClaimsStreamId(batchId), batchClaimsDecider, {
          command: {
            type: 'RecordFirstTransfer',
            authorizedUse: authorization.use,
            transfer: {
              batchId,
              projectId: authorization.projectId,
              hostCountry: authorization.hostCountry,
              tradeId: trade.tradeId,
              fromAccountId: trade.sellerAccountId,
              toAccountId: trade.buyerAccountId,
              quantity: ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0),
              ranges,
              transferredAt: trade.executedAt,
            },
          },
          context: reactionContext(event, `first-transfer:${batchId}`),
        }),
      );
    }
  }

  /** The account the batch was issued to; the batch was issued before the trade, so the read model lists it once it is there. */
  private async issuanceAccountOf(batchId: string, trade: RecordedEvent): Promise<string> {
    const read = () => this.db.selectFrom('credit_batches').select('issuer_account_id').where('token_id', '=', batchId).executeTakeFirst();
    const row = (await read()) ?? ((await this.projections.waitFor(['credit-registry'], trade.position, READ_MODEL_WAIT_MS)) ? await read() : undefined);
    if (!row) throw new Error(`the credit registry read model does not list batch ${batchId} of trade ${trade.eventId} yet`);
    return row.issuer_account_id;
  }
}

/** The authorization a batch's claims stream held just before the trade, when it authorized the units. */
function authorizationAt(claims: readonly RecordedEvent[], trade: RecordedEvent): AuthorizationAtTrade | undefined {
  let found: AuthorizationAtTrade | undefined;
  for (const recorded of claims) {
    if (comparePositions(recorded.position, trade.position) >= 0) break;
    if (!isBatchClaimsEvent(recorded) || recorded.type !== 'BatchAuthorizationRecorded') continue;
    const { authorized, use, projectId, hostCountry } = recorded.data;
    found = authorized && use ? { projectId, hostCountry, use } : undefined;
  }
  return found;
}

/** A trade's serial ranges grouped by batch, in the order the trade lists them. */
function rangesByBatch(ranges: readonly SerialRange[]): Map<string, SerialRange[]> {
  const grouped = new Map<string, SerialRange[]>();
  for (const range of ranges) grouped.set(range.batchId, [...(grouped.get(range.batchId) ?? []), range]);
  return grouped;
}
