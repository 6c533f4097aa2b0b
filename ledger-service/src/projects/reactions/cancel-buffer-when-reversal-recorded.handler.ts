import { Inject, Injectable } from '@nestjs/common';
import {
  BUFFER_POOL_ACCOUNT_ID,
  type EventStore,
  isProjectEvent,
  marketOfTokenId,
  projectStreamId,
  type RecordedEvent,
  type ReversalRecordedData,
} from '@carbon-ledger/contracts';
import { tradableOf } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { ProjectionHost } from '../../infrastructure/projections/projection-host.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId, reactionContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { projectDecider } from '../project.decider.js';
import { totalSize } from '../../credit-market/serial-ranges.js';

/** How long the reaction waits for the credit registry read model to list the buffer batches. */
const READ_MODEL_WAIT_MS = 30_000;

interface Cancelled {
  readonly cancellationId: string;
  readonly batchId: string;
  readonly quantity: number;
}

/**
 * A reversal is covered from the buffer pool (docs/cancellations-and-reversals.md): as many of the
 * pool's credits as the project lost are cancelled, oldest buffer batch first, reason `reversal`,
 * naming the project; then what was covered and the shortfall are recorded on the project.
 *
 * Exactly once: each batch's cancellation has a command id derived from the reversal event and
 * the batch, so a replay, a retry after a crash, or a second instance gets the market's answer of
 * the first time (the events it recorded then, whatever the pool holds now) and counts those; a
 * batch never cancelled for this reversal is decided fresh on what the pool holds now. The cover
 * is recorded once on the project's stream.
 */
@Injectable()
@LogReaction()
export class CancelBufferWhenReversalRecorded implements Reaction {
  readonly name = 'cancel-buffer-when-reversal-recorded';
  readonly eventTypes: ReadonlySet<string> = new Set(['ReversalRecorded']);

  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly projections: ProjectionHost,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isProjectEvent(event) || event.type !== 'ReversalRecorded') return;
    const reversal = event.data;
    const context = (purpose: string): CommandContext => reactionContext(event, purpose);
    // Every buffer batch issued before the reversal must be listed: the cover is recorded once, so a
    // read model that lags would state a shortfall that is not there. Until it is there, try again later.
    if (!(await this.projections.waitFor(['credit-registry'], event.position, READ_MODEL_WAIT_MS))) {
      throw new Error(`the credit registry read model has not reached reversal ${reversal.reversalId} at ${event.position.commit} yet`);
    }
    const cancelled: Cancelled[] = [];
    let need = reversal.quantity;
    for (const batchId of await this.bufferBatchesOldestFirst()) {
      if (need === 0) break;
      const done = await this.cancelFrom(batchId, need, reversal, context(`reversal:${batchId}`));
      if (done) {
        cancelled.push(done);
        need -= done.quantity;
      }
    }
    await retryOnConflict(3, () =>
      handleCommand(this.eventStore, projectStreamId(reversal.projectId), projectDecider, {
        command: { type: 'RecordReversalCoverage', reversalId: reversal.reversalId, cancellations: cancelled },
        context: context('reversal-coverage'),
      }),
    );
  }

  /** Every buffer batch, oldest issuance first (the read model lists them; the market says what the pool holds). */
  private async bufferBatchesOldestFirst(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('credit_batches')
      .select('token_id')
      .where('buffer_for', 'is not', null)
      .where('issuer_account_id', '=', BUFFER_POOL_ACCOUNT_ID)
      // Log order: two issuances appended in one transaction (group commit) share their commit position.
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .execute();
    return rows.map((row) => row.token_id);
  }

  /** Cancels up to `need` of the pool's serials of a batch for the reversal: what the market recorded (now or the first time). */
  private async cancelFrom(batchId: string, need: number, reversal: ReversalRecordedData, context: CommandContext): Promise<Cancelled | undefined> {
    const market = marketOfTokenId(batchId);
    if (!market) return undefined;
    const held = await this.markets.read(market.projectType, market.vintage, (state) => totalSize(tradableOf(state, BUFFER_POOL_ACCOUNT_ID, batchId)));
    const cancellationId = deriveId(context.commandId, 'cancellation');
    try {
      const outcome = await this.markets.execute(
        market.projectType,
        market.vintage,
        {
          type: 'CancelCredits',
          cancellationId,
          batchId,
          accountId: BUFFER_POOL_ACCOUNT_ID,
          // Asked for at least 1, so a batch this reversal emptied before is answered as that replay.
          quantity: Math.max(1, Math.min(need, held)),
          reason: 'reversal',
          note: reversal.cause,
          cancelledBy: reversal.recordedBy,
          asRegistry: true,
          reversal: { projectId: reversal.projectId, reversalId: reversal.reversalId },
        },
        context,
        (_state, events) => events.find((recorded) => recorded.type === 'CreditsCancelled'),
      );
      const recorded = outcome.result;
      return recorded?.type === 'CreditsCancelled' ? { cancellationId, batchId, quantity: recorded.data.quantity } : undefined;
    } catch (error) {
      // The pool holds none of this batch (and never cancelled it for this reversal): the next one.
      if (error instanceof DomainError && error.code === 'Conflict') return undefined;
      throw error;
    }
  }
}
