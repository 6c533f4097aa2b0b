import { Module } from '@nestjs/common';
import { AccreditVerifierHandler } from './commands/accredit-verifier.handler.js';
import { DecideProjectHandler } from './commands/decide-project.handler.js';
import { FileIssuanceRequestHandler } from './commands/file-issuance-request.handler.js';
import { ImportCreditsHandler } from './commands/import-credits.handler.js';
import { DocumentStore } from './documents/document-store.js';
import { ProjectParties } from './project-parties.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsQueriesController } from './projects-queries.controller.js';
import { projectQueryHandlers } from './queries/index.js';
import { IssueCreditsWhenIssuanceApproved } from './reactions/issue-credits-when-issuance-approved.handler.js';
import { CancelBufferWhenReversalRecorded } from './reactions/cancel-buffer-when-reversal-recorded.handler.js';

/** The registry lifecycle (docs/registry.md): projects, their verification, and the only way credits are issued. */
@Module({
  controllers: [ProjectsController, ProjectsQueriesController],
  providers: [
    ...projectQueryHandlers,
    DocumentStore,
    ProjectParties,
    DecideProjectHandler,
    FileIssuanceRequestHandler,
    AccreditVerifierHandler,
    ImportCreditsHandler,
    IssueCreditsWhenIssuanceApproved,
    CancelBufferWhenReversalRecorded,
  ],
  exports: [DocumentStore, ProjectParties],
})
export class ProjectsModule {}
