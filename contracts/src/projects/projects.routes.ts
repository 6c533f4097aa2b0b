import { z } from 'zod';
import { type ApiAccess, type ApiRoute, idempotentRoute, NO_VIEWS, readRoute, type RouteInputs } from '../api/api-route.js';
import type { ApiErrorCode } from '../shared/api-error.js';
import type { ProjectionName } from '../shared/projection-names.js';
import { documentMediaTypes } from './projects.constants.js';
import { documentParams, uploadDocumentResponse } from './project-documents.js';
import { issueCreditsRequest, issueCreditsResponse } from './issue-credits.contract.js';
import { accreditVerifierRequest, accreditVerifierResponse, importCreditsRequest, importCreditsResponse, verifierParams } from './import-credits.contract.js';
import { decideVerificationRequest, fileMonitoringReportRequest, reportCommandResponse, reviewIssuanceRequest } from './monitoring-report.contract.js';
import {
  deactivateProjectRequest,
  decideRegistrationRequest,
  decideValidationRequest,
  draftProjectRequest,
  projectCommandResponse,
  projectParams,
  reportParams,
  requestValidationRequest,
} from './register-project.contract.js';
import { recordReversalRequest, recordReversalResponse } from './reversal.contract.js';
import {
  batchClaimsResponse,
  batchClaimsView,
  batchParams,
  recordBatchAuthorizationRequest,
  recordCorrespondingAdjustmentRequest,
} from './record-batch-claims.contract.js';
import {
  listRegistryBatchesResponse,
  listRegistryCancellationsResponse,
  listRegistryRetirementsResponse,
  listVerifiersResponse,
  pagedProjectsResponse,
  projectView,
  registrySerialView,
} from './projects.views.js';
import {
  listMyProjectsParams,
  listRegistryBatchesParams,
  listRegistryCancellationsParams,
  listRegistryProjectsParams,
  listRegistryRetirementsParams,
  listReviewQueueParams,
  listVerificationQueueParams,
} from './list-registry.contract.js';

/** Project proponents (the issuer role); admins act for anyone. */
const proponents = ['issuer', 'admin'] as const;
const verifiers = ['verifier'] as const;
/** The registry operator; an administrator may hold the role too, but approves only as `registry`. */
const registryOperators = ['registry'] as const;
/** Everyone who works on projects and cites documents. */
const documentAuthors = ['issuer', 'verifier', 'registry', 'admin'] as const;

/** The project pages and queues read the projects view. */
const PROJECTS: readonly ProjectionName[] = ['projects'];

/** A serial number as the public lookup takes it. */
export const registrySerialParams = z.object({ serial: z.string().trim().min(1).max(100) });

/** A write to the projects: `errors` are what it answers besides a replayed key and 503, which any of them may. */
function projectsRoute(
  path: string,
  access: ApiAccess,
  summary: string,
  status: number,
  json: z.ZodType,
  inputs: RouteInputs & { readonly errors: readonly ApiErrorCode[] },
  views = PROJECTS,
): ApiRoute {
  const errors: readonly ApiErrorCode[] = [...inputs.errors, 'IdempotencyKeyReused', 'ServiceUnavailable'];
  return idempotentRoute('POST', path, access, { summary, ...inputs, success: { status, json }, errors, views });
}

/** A step of a project's lifecycle on its stream: refused when the caller may not take it (403), the project or report is unknown (404), or its state does not allow it (409). */
function lifecycleRoute(path: string, access: ApiAccess, summary: string, params: z.ZodType, body: z.ZodType, json: z.ZodType, status = 200): ApiRoute {
  return projectsRoute(path, access, summary, status, json, { params, body, errors: ['Forbidden', 'NotFound', 'Conflict'] });
}

export const projectsRoutes = [
  projectsRoute(
    '/api/issue',
    proponents,
    "File an issuance request from the issue form: drafts the project when new and files a monitoring report claiming 20% of the summed scopes for this year; credits are issued only once the project's verifier verified it and the registry approved it",
    201,
    issueCreditsResponse,
    { body: issueCreditsRequest, errors: ['KycRequired', 'Conflict'] },
  ),
  {
    method: 'POST',
    path: '/api/documents',
    access: documentAuthors,
    summary: 'Upload a document (the raw bytes as the body, its media type as Content-Type); stored once under its sha256',
    description: `Accepted media types: ${documentMediaTypes.join(', ')}; at most 5 MiB. The same bytes uploaded again store nothing new, so the call needs no Idempotency-Key. An event cites the document by the hash this answers.`,
    success: { status: 201, json: uploadDocumentResponse, alsoStatuses: [200] },
    idempotent: false,
    errors: ['PayloadTooLarge', 'UnsupportedMediaType'],
    // A document is stored apart from the log; it shows in a view once an event cites it.
    views: NO_VIEWS,
  },
  {
    method: 'GET',
    path: '/api/registry/documents/:sha256',
    access: 'public',
    summary: 'A document a project cites, checked against its sha256 before it is sent; one no project cites is 404 (but to its uploader)',
    params: documentParams,
    success: { status: 200, file: documentMediaTypes },
    idempotent: false,
    errors: ['NotFound'],
  },
  projectsRoute('/api/projects', proponents, 'Draft a project (the proponent is the signed-in user)', 201, projectCommandResponse, {
    body: draftProjectRequest,
    errors: ['Conflict', 'NotFound'],
  }),
  lifecycleRoute(
    '/api/projects/:projectId/validation',
    proponents,
    "Assign an accredited verifier and ask for validation (proponent only; not a verifier of the proponent's organisation)",
    projectParams,
    requestValidationRequest,
    projectCommandResponse,
  ),
  lifecycleRoute(
    '/api/projects/:projectId/validation/decision',
    verifiers,
    'The assigned verifier validates the project or rejects it with reasons',
    projectParams,
    decideValidationRequest,
    projectCommandResponse,
  ),
  lifecycleRoute(
    '/api/projects/:projectId/registration',
    registryOperators,
    'The registry registers a validated project or refuses it with reasons (never its proponent or verifier)',
    projectParams,
    decideRegistrationRequest,
    projectCommandResponse,
  ),
  projectsRoute(
    '/api/projects/:projectId/deactivation',
    registryOperators,
    'The registry makes a project inactive (no more reports or issuances)',
    200,
    projectCommandResponse,
    {
      params: projectParams,
      body: deactivateProjectRequest,
      errors: ['NotFound', 'Conflict'],
    },
  ),
  lifecycleRoute(
    '/api/projects/:projectId/reversals',
    registryOperators,
    "The registry records a reversal of a registered project (tCO2e lost, cause, documents; at most what it was credited): the buffer pool's credits are cancelled for it, oldest first, and a shortfall stated on the project",
    projectParams,
    recordReversalRequest,
    recordReversalResponse,
    201,
  ),
  lifecycleRoute(
    '/api/projects/:projectId/reports',
    proponents,
    'File a monitoring report: a period that overlaps no earlier report, the credits claimed per vintage, documents',
    projectParams,
    fileMonitoringReportRequest,
    reportCommandResponse,
    201,
  ),
  lifecycleRoute(
    '/api/projects/:projectId/reports/:reportId/verification',
    verifiers,
    "The project's verifier verifies a report (at most the claimed credits per vintage, reasons where fewer) or rejects it",
    reportParams,
    decideVerificationRequest,
    reportCommandResponse,
  ),
  lifecycleRoute(
    '/api/projects/:projectId/reports/:reportId/review',
    registryOperators,
    'The registry approves the issuance of a verified report (one batch per vintage, once) or sends it back to the verifier',
    reportParams,
    reviewIssuanceRequest,
    reportCommandResponse,
  ),
  readRoute(
    '/api/projects/mine',
    proponents,
    "The signed-in proponent's projects with their reports, documents and issuances, newest first, paged by cursor",
    pagedProjectsResponse,
    { query: listMyProjectsParams },
  ),
  readRoute(
    '/api/projects/verification-queue',
    verifiers,
    'Projects assigned to the signed-in verifier: those waiting for them first, the one waiting longest first, then the others newest first, paged by cursor',
    pagedProjectsResponse,
    { query: listVerificationQueueParams },
  ),
  readRoute(
    '/api/projects/review-queue',
    registryOperators,
    'Projects with a validated project or a verified report waiting for the registry, the one waiting longest first, then every other project newest first, paged by cursor',
    pagedProjectsResponse,
    { query: listReviewQueueParams },
  ),
  readRoute('/api/verifiers', documentAuthors, 'Verifiers and the project types each is accredited for', listVerifiersResponse),
  projectsRoute(
    '/api/verifiers/:verifierId/accreditation',
    registryOperators,
    'Accredit a verifier for project types (replaces what it was accredited for)',
    200,
    accreditVerifierResponse,
    { params: verifierParams, body: accreditVerifierRequest, errors: ['NotFound'] },
  ),
  projectsRoute(
    '/api/registry/imports',
    registryOperators,
    'Record credits brought from another registry by their origin serial range; a range that overlaps one recorded before is 409 naming that batch',
    201,
    importCreditsResponse,
    { body: importCreditsRequest, errors: ['NotFound', 'Conflict'] },
    [...PROJECTS, 'credit-registry'],
  ),
  lifecycleRoute(
    '/api/registry/batches/:batchId/authorization',
    registryOperators,
    "Record the host country's letter of authorization for a batch (Article 6.2: NDC, OIMP or both, and when) or its withdrawal; never by the project's proponent, verifier or their organisation",
    batchParams,
    recordBatchAuthorizationRequest,
    batchClaimsResponse,
  ),
  lifecycleRoute(
    '/api/registry/batches/:batchId/adjustment',
    registryOperators,
    'Record the corresponding adjustment of an authorized batch: pending, or applied in a reporting period; not applicable only for a batch that is not authorized',
    batchParams,
    recordCorrespondingAdjustmentRequest,
    batchClaimsResponse,
  ),
  readRoute(
    '/api/registry/batches/:batchId/claims',
    'public',
    "Public registry: a batch's authorization, corresponding adjustment and labels",
    batchClaimsView,
    {
      params: batchParams,
      errors: ['NotFound'],
    },
  ),
  readRoute(
    '/api/registry/projects',
    'public',
    'Public registry: every project past its draft, with its reports, documents and issuances (no personal data), newest first, paged by cursor',
    pagedProjectsResponse,
    { query: listRegistryProjectsParams },
  ),
  readRoute('/api/registry/projects/:projectId', 'public', 'Public registry: one project', projectView, { params: projectParams, errors: ['NotFound'] }),
  readRoute(
    '/api/registry/batches',
    'public',
    'Public registry: every batch with its serial range, buffer share and origin, newest first, paged by cursor',
    listRegistryBatchesResponse,
    { query: listRegistryBatchesParams },
  ),
  readRoute(
    '/api/registry/retirements',
    'public',
    'Public registry: every retirement with its serials, beneficiary and purpose, newest first, paged by cursor',
    listRegistryRetirementsResponse,
    { query: listRegistryRetirementsParams },
  ),
  readRoute(
    '/api/registry/cancellations',
    'public',
    'Public registry: every cancellation (no claim, never a retirement) with its serials and reason, and the project a reversal covered, newest first, paged by cursor',
    listRegistryCancellationsResponse,
    { query: listRegistryCancellationsParams },
  ),
  readRoute('/api/registry/serials/:serial', 'public', 'Public registry: the batch, project and status of one serial number', registrySerialView, {
    params: registrySerialParams,
    errors: ['NotFound'],
  }),
] satisfies readonly ApiRoute[];
