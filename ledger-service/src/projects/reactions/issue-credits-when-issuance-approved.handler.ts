import { Inject, Injectable } from '@nestjs/common';
import {
  BUFFER_POOL_ACCOUNT_ID,
  type CreditsImportRecorded,
  type EventStore,
  type IssuanceApproved,
  type MonitoringReportFiled,
  isOriginRegistryEvent,
  isProjectEvent,
  type ProjectDrafted,
  projectStreamId,
  type RecordedEvent,
  serialPrefixFor,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { IssueCreditsInput, TokenizeInput } from '../../credit-market/credit-market.decider.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { deriveId, reactionContext } from '../../shared/command-context.js';
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

  private async history(projectId: string): Promise<{ drafted: ProjectDrafted['data']; reports: Map<string, MonitoringReportFiled['data']> }> {
    const events = (await this.eventStore.readStream(projectStreamId(projectId))).filter(isProjectEvent);
    const drafted = events.find((recorded) => recorded.type === 'ProjectDrafted');
    if (drafted?.type !== 'ProjectDrafted') throw new Error(`project ${projectId} has no ProjectDrafted event`);
    const reports = new Map<string, MonitoringReportFiled['data']>();
    for (const recorded of events) if (recorded.type === 'MonitoringReportFiled') reports.set(recorded.data.reportId, recorded.data);
    return { drafted: drafted.data, reports };
  }

  private async drafted(projectId: string): Promise<ProjectDrafted['data']> {
    return (await this.history(projectId)).drafted;
  }

  private async issueApproved(event: RecordedEvent, approval: IssuanceApproved['data']): Promise<void> {
    const { drafted: project, reports } = await this.history(approval.projectId);
    // Filed from a batch NFT minted on /xrpl: the batch carries that NFT, and its credits go into the
    // vault in the same decision; the settlement reaction pays their NXCC to the destination (and
    // sends them back to the proponent if the ledger refuses the payment).
    const mint = reports.get(approval.reportId)?.xrplMint;
    for (const [index, batch] of approval.batches.entries()) {
      const common = this.batchOf(project, batch.vintage, approval.approvedBy, { reportId: approval.reportId });
      const minted = mint && index === 0;
      await this.issue(
        event,
        {
          ...common,
          batchId: batch.batchId,
          quantity: batch.quantity,
          serialPrefix: serialPrefixFor(batch.batchId),
          accountId: approval.accountId,
          ...(minted ? { nftId: mint.nftId, mintTxHash: mint.mintTxHash, xrplAddress: mint.destinationAddress } : {}),
        },
        minted
          ? { tokenizationId: deriveId(event.eventId, `tokenization:${batch.batchId}`), xrplAddress: mint.destinationAddress, requestedBy: approval.accountId }
          : undefined,
      );
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

  private async issue(event: RecordedEvent, batch: IssueCreditsInput, tokenize?: TokenizeInput): Promise<void> {
    const context = reactionContext(event, `issue:${batch.batchId}`);
    try {
      await this.markets.execute(
        batch.projectType,
        batch.vintage,
        { type: 'IssueCredits', batch, ...(tokenize ? { tokenize } : {}) },
        context,
        () => undefined,
      );
    } catch (error) {
      // Issued before under this batch id: the market holds it once.
      if (error instanceof DomainError && error.code === 'Conflict' && /already issued/.test(error.message)) return;
      throw error;
    }
  }
}
