import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type Position, type ProjectStatus, projectStreamId, type ReportStatus } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { type ProjectCommand, projectDecider } from '../project.decider.js';

export interface ProjectDecision {
  readonly projectId: string;
  readonly projectStatus: ProjectStatus;
  /** Of the report the command was about, if any. */
  readonly reportStatus: ReportStatus | undefined;
  readonly position: Position;
  readonly replayed: boolean;
}

/** One step of a project's lifecycle, decided on its stream (docs/registry.md). */
export class DecideProjectCommand extends Command<ProjectDecision> {
  constructor(
    readonly projectId: string,
    readonly command: ProjectCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

const reportOf = (command: ProjectCommand): string | undefined => ('reportId' in command ? command.reportId : undefined);

@CommandHandler(DecideProjectCommand)
export class DecideProjectHandler implements ICommandHandler<DecideProjectCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ projectId, command, context }: DecideProjectCommand): Promise<ProjectDecision> {
    // Another decision on the project in between: decide again on what the stream holds now.
    const result = await retryOnConflict(3, () => handleCommand(this.eventStore, projectStreamId(projectId), projectDecider, { command, context }));
    const reportId = reportOf(command);
    return {
      projectId,
      projectStatus: result.newState.project?.status ?? 'draft',
      reportStatus: reportId ? result.newState.reports.get(reportId)?.status : undefined,
      position: result.position,
      replayed: result.replayed,
    };
  }
}
