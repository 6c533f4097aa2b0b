import { Global, Module } from '@nestjs/common';
import { ISSUANCE_REQUESTS } from '../shared/issuance-requests.port.js';
import { AccreditVerifierHandler } from './commands/accredit-verifier.handler.js';
import { DecideProjectHandler } from './commands/decide-project.handler.js';
import { FileIssuanceRequestHandler } from './commands/file-issuance-request.handler.js';
import { ImportCreditsHandler } from './commands/import-credits.handler.js';
import { RecordBatchClaimsHandler } from './commands/record-batch-claims.handler.js';
import { DocumentStore } from './documents/document-store.js';
import { MintedIssuanceRequests } from './minted-issuance-requests.js';
import { ProjectParties } from './project-parties.js';
import { SandboxPoolLiquidity } from './sandbox-pool-liquidity.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsQueriesController } from './projects-queries.controller.js';
import { projectQueryHandlers } from './queries/index.js';
import { FileIssuanceRequestWhenMinted } from './reactions/file-issuance-request-when-minted.handler.js';
import { IssueCreditsWhenIssuanceApproved } from './reactions/issue-credits-when-issuance-approved.handler.js';
import { CancelBufferWhenReversalRecorded } from './reactions/cancel-buffer-when-reversal-recorded.handler.js';
import { RecordFirstTransferWhenAuthorizedUnitsTraded } from './reactions/record-first-transfer-when-authorized-units-traded.handler.js';

/**
 * The registry lifecycle (docs/registry.md): projects, their verification, and the only way credits
 * are issued. Global so that the /xrpl Issue tab files its request through ISSUANCE_REQUESTS.
 */
@Global()
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
    RecordBatchClaimsHandler,
    IssueCreditsWhenIssuanceApproved,
    FileIssuanceRequestWhenMinted,
    SandboxPoolLiquidity,
    { provide: ISSUANCE_REQUESTS, useClass: MintedIssuanceRequests },
    CancelBufferWhenReversalRecorded,
    RecordFirstTransferWhenAuthorizedUnitsTraded,
  ],
  exports: [DocumentStore, ProjectParties, ISSUANCE_REQUESTS],
})
export class ProjectsModule {}
