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
 */
@Injectable()
@LogReaction()
export class RecordFirstTransferWhenAuthorizedUnitsTraded implements Reaction {
  readonly name = 'record-first-transfer-when-authorized-units-traded';
  readonly eventTypes: ReadonlySet<string> = new Set(['TradeExecuted']);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly projections: ProjectionHost,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isCreditEvent(event) || event.type !== 'TradeExecuted') return;
    const trade = event.data;
    for (const [batchId, ranges] of rangesByBatch(trade.ranges)) {
      const authorization = await this.authorizationAt(batchId, event);
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

  /** The authorization the batch's claims stream held just before the trade, when it authorized the units. */
  private async authorizationAt(batchId: string, trade: RecordedEvent): Promise<AuthorizationAtTrade | undefined> {
    let found: AuthorizationAtTrade | undefined;
    for (const recorded of await this.eventStore.readStream(batchClaimsStreamId(batchId))) {
      if (comparePositions(recorded.position, trade.position) >= 0) break;
      if (!isBatchClaimsEvent(recorded) || recorded.type !== 'BatchAuthorizationRecorded') continue;
      const { authorized, use, projectId, hostCountry } = recorded.data;
      found = authorized && use ? { projectId, hostCountry, use } : undefined;
    }
    return found;
  }

  /** The account the batch was issued to; the batch was issued before the trade, so the read model lists it once it is there. */
  private async issuanceAccountOf(batchId: string, trade: RecordedEvent): Promise<string> {
    const read = () => this.db.selectFrom('credit_batches').select('issuer_account_id').where('token_id', '=', batchId).executeTakeFirst();
    const row = (await read()) ?? ((await this.projections.waitFor(['credit-registry'], trade.position, READ_MODEL_WAIT_MS)) ? await read() : undefined);
    if (!row) throw new Error(`the credit registry read model does not list batch ${batchId} of trade ${trade.eventId} yet`);
    return row.issuer_account_id;
  }
}

/** A trade's serial ranges grouped by batch, in the order the trade lists them. */
function rangesByBatch(ranges: readonly SerialRange[]): Map<string, SerialRange[]> {
  const grouped = new Map<string, SerialRange[]>();
  for (const range of ranges) grouped.set(range.batchId, [...(grouped.get(range.batchId) ?? []), range]);
  return grouped;
}
