import { Inject, Injectable } from '@nestjs/common';
import {
  BUFFER_POOL_ACCOUNT_ID,
  type CreditsImportRecorded,
  type EventStore,
  type IssuanceApproved,
  isOriginRegistryEvent,
  isProjectEvent,
  type ProjectDrafted,
  projectStreamId,
  type RecordedEvent,
  serialPrefixFor,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { IssueCreditsInput } from '../../credit-market/credit-market.decider.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

const NO_SCOPES = { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 };

/**
 * Credits enter accounts only here (docs/registry.md, "Issuance"): an approved report's batches,
 * one per vintage plus the buffer pool's share, and credits recorded from another registry. The
 * command ids derive from the approval (or import) and the batch, and the batch ids from the
 * report, so a replay, a retry after a crash between the approval and the batch, or a second
 * instance issues nothing twice: the market answers a replay, or refuses a batch it holds.
 */
@Injectable()
@LogReaction()
export class IssueCreditsWhenIssuanceApproved implements Reaction {
  readonly name = 'issue-credits-when-issuance-approved';
  readonly eventTypes: ReadonlySet<string> = new Set(['IssuanceApproved', 'CreditsImportRecorded']);

  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (isProjectEvent(event) && event.type === 'IssuanceApproved') await this.issueApproved(event, event.data);
    else if (isOriginRegistryEvent(event) && event.type === 'CreditsImportRecorded') await this.issueImported(event, event.data);
  }

  private async drafted(projectId: string): Promise<ProjectDrafted['data']> {
    const history = await this.eventStore.readStream(projectStreamId(projectId));
    const drafted = history.find((recorded) => recorded.type === 'ProjectDrafted');
    if (!drafted || !isProjectEvent(drafted) || drafted.type !== 'ProjectDrafted') throw new Error(`project ${projectId} has no ProjectDrafted event`);
    return drafted.data;
  }

  private async issueApproved(event: RecordedEvent, approval: IssuanceApproved['data']): Promise<void> {
    const project = await this.drafted(approval.projectId);
    for (const batch of approval.batches) {
      const common = this.batchOf(project, batch.vintage, approval.approvedBy, { reportId: approval.reportId });
      await this.issue(event, {
        ...common,
        batchId: batch.batchId,
        quantity: batch.quantity,
        serialPrefix: serialPrefixFor(batch.batchId),
        accountId: approval.accountId,
      });
      if (batch.bufferBatchId && batch.bufferQuantity > 0) {
        await this.issue(event, {
          ...common,
          batchId: batch.bufferBatchId,
          quantity: batch.bufferQuantity,
          serialPrefix: serialPrefixFor(batch.bufferBatchId),
          accountId: BUFFER_POOL_ACCOUNT_ID,
          description: `Buffer pool share (${approval.bufferSharePercent} %) of ${batch.batchId}`,
          bufferFor: batch.batchId,
        });
      }
    }
  }

  private async issueImported(event: RecordedEvent, record: CreditsImportRecorded['data']): Promise<void> {
    const project = await this.drafted(record.projectId);
    await this.issue(event, {
      ...this.batchOf(project, record.vintage, record.recordedBy, {}),
      batchId: record.batchId,
      quantity: record.quantity,
      serialPrefix: serialPrefixFor(record.batchId),
      accountId: record.accountId,
      description: `Recorded from ${record.originRegistry} serials ${record.originStart}-${record.originEnd}`,
      origin: { registry: record.originRegistry, start: record.originStart, end: record.originEnd },
    });
  }

  private batchOf(project: ProjectDrafted['data'], vintage: number, issuedBy: string, extra: { reportId?: string }) {
    return {
      projectId: project.projectId,
      projectName: project.name,
      projectType: project.projectType,
      description: project.description,
      vintage,
      standard: project.standard,
      methodology: project.methodology,
      scopes: NO_SCOPES,
      issuedBy,
      xrplAddress: '',
      source: 'registry' as const,
      ...extra,
    };
  }

  private async issue(event: RecordedEvent, batch: IssueCreditsInput): Promise<void> {
    const context: CommandContext = {
      commandId: deriveId(event.eventId, `issue:${batch.batchId}`),
      correlationId: event.metadata.correlationId,
      causationId: event.eventId,
      actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role },
      now: new Date(event.metadata.recordedAt),
    };
    try {
      await this.markets.execute(batch.projectType, batch.vintage, { type: 'IssueCredits', batch }, context, () => undefined);
    } catch (error) {
      // Issued before under this batch id: the market holds it once.
      if (error instanceof DomainError && error.code === 'Conflict' && /already issued/.test(error.message)) return;
      throw error;
    }
  }
}
