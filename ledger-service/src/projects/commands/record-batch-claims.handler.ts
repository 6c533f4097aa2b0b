import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type AdjustmentStatus,
  type BatchClaims,
  batchClaimsStreamId,
  type EventStore,
  isProjectEvent,
  type Position,
  projectStreamId,
} from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { type AuthorizationInput, batchClaimsDecider, type BatchClaimsCommand, type ClaimedBatch } from '../batch-claims.decider.js';
import type { Party } from '../project.decider.js';

export type BatchClaimsChange =
  | { readonly type: 'RecordAuthorization'; readonly authorization: AuthorizationInput }
  | { readonly type: 'RecordAdjustment'; readonly status: AdjustmentStatus; readonly reportingPeriod: string | null };

export interface BatchClaimsRecorded {
  readonly claims: BatchClaims;
  readonly position: Position;
  readonly replayed: boolean;
}

/** The registry records a batch's authorization or corresponding adjustment (docs/credit-use.md), on the batch's claims stream. */
export class RecordBatchClaimsCommand extends Command<BatchClaimsRecorded> {
  constructor(
    readonly batchId: string,
    /** The project the caller found the batch under; checked against the project's approvals (or, for an import, the registry view). */
    readonly projectId: string,
    readonly actor: Party,
    readonly change: BatchClaimsChange,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RecordBatchClaimsCommand)
export class RecordBatchClaimsHandler implements ICommandHandler<RecordBatchClaimsCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  async execute({ batchId, projectId, actor, change, context }: RecordBatchClaimsCommand): Promise<BatchClaimsRecorded> {
    const batch = await this.claimedBatch(batchId, projectId);
    const command: BatchClaimsCommand = { ...change, actor, batch };
    const result = await retryOnConflict(3, () => handleCommand(this.eventStore, batchClaimsStreamId(batchId), batchClaimsDecider, { command, context }));
    return { claims: result.newState, position: result.position, replayed: result.replayed };
  }

  /** The batch and the parties of its project, from the project's own stream (a conflict check must not read a lagging view). */
  private async claimedBatch(batchId: string, projectId: string): Promise<ClaimedBatch> {
    let found: Omit<ClaimedBatch, 'verifier'> | undefined;
    let verifier: Party | undefined;
    let approved = false;
    for (const event of await this.eventStore.readStream(projectStreamId(projectId))) {
      if (!isProjectEvent(event)) continue;
      if (event.type === 'ProjectDrafted') {
        found = {
          batchId,
          projectId: event.data.projectId,
          hostCountry: event.data.hostCountry,
          proponent: { userId: event.data.proponentId, organisation: event.data.proponentOrganisation },
        };
      } else if (event.type === 'ValidationRequested') verifier = { userId: event.data.verifierId, organisation: event.data.verifierOrganisation };
      else if (event.type === 'IssuanceApproved' && event.data.batches.some((row) => row.batchId === batchId || row.bufferBatchId === batchId)) approved = true;
    }
    if (!found) throw new DomainError('Conflict', `Batch ${batchId} was not issued for a registered project; it carries no host-country authorization`);
    if (!approved && !(await this.importedFor(batchId, projectId))) throw new DomainError('NotFound', `No credits found for token ${batchId}`);
    return { ...found, verifier };
  }

  /** Credits brought from another registry name their project in the import, not in the project's stream. */
  private async importedFor(batchId: string, projectId: string): Promise<boolean> {
    const row = await this.db.selectFrom('origin_imports').select('project_id').where('batch_id', '=', batchId).executeTakeFirst();
    return row?.project_id === projectId;
  }
}
