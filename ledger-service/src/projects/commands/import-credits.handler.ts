import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type ImportCreditsRequest, originRegistryStreamId, type Position, projectStreamId, tokenIdFor } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { aggregateStream, handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { originRegistryDecider } from '../origin-registry.decider.js';
import { projectDecider } from '../project.decider.js';

export interface ImportCreditsResult {
  readonly importId: string;
  readonly batchId: string;
  readonly quantity: number;
  readonly position: Position;
}

export class ImportCreditsCommand extends Command<ImportCreditsResult> {
  constructor(
    readonly request: ImportCreditsRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Records credits brought from another registry under their origin serial range; the issuance
 * reaction then issues them as a batch of the project. The range index is the origin registry's
 * stream, so an overlap is refused however many imports arrive at once.
 */
@CommandHandler(ImportCreditsCommand)
export class ImportCreditsHandler implements ICommandHandler<ImportCreditsCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ request, context }: ImportCreditsCommand): Promise<ImportCreditsResult> {
    const project = (await aggregateStream(this.eventStore, projectStreamId(request.projectId), projectDecider)).state.project;
    if (!project) throw new DomainError('NotFound', `Project ${request.projectId} is not in the registry`);
    if (project.status !== 'registered') {
      throw new DomainError('Conflict', `Credits are recorded only for a registered project; ${request.projectId} is ${project.status.replace('_', ' ')}`, {
        status: project.status,
      });
    }
    const importId = deriveId(context.commandId, 'import');
    const batchId = tokenIdFor(project.projectType, request.vintage, importId.replaceAll('-', ''));
    const quantity = request.originEnd - request.originStart + 1;
    const result = await retryOnConflict(5, () =>
      handleCommand(this.eventStore, originRegistryStreamId(request.originRegistry), originRegistryDecider, {
        command: {
          type: 'RecordImport',
          record: {
            importId,
            originRegistry: request.originRegistry,
            originStart: request.originStart,
            originEnd: request.originEnd,
            projectId: request.projectId,
            vintage: request.vintage,
            quantity,
            batchId,
            accountId: request.accountId,
            recordedBy: context.actor.userId,
          },
        },
        context,
      }),
    );
    return { importId, batchId, quantity, position: result.position };
  }
}
