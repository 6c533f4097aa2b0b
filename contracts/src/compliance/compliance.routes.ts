import { type ApiRoute, NO_VIEWS, oversightAccess, readRoute } from '../api/api-route.js';
import { complianceDashboardResponse } from './compliance-dashboard.contract.js';
import { complianceReport, complianceReportRequest } from './compliance-reports.contract.js';
import { evidenceExportRequest } from './evidence-export.contract.js';

export const complianceRoutes = [
  readRoute(
    '/api/kyc/dashboard',
    oversightAccess,
    'The compliance dashboard: verification rate, high-risk activity, jurisdictions (from the KYC and AML read models)',
    complianceDashboardResponse,
  ),
  {
    method: 'POST',
    path: '/api/export/evidence',
    summary: 'Evidence export streamed from the event log with seals and proofs (JSON lines, CSV or a PDF summary)',
    access: oversightAccess,
    body: evidenceExportRequest,
    success: { status: 200, file: ['application/json', 'text/csv', 'application/pdf'] },
    idempotent: false,
    // Builds a document from the log: it changes nothing.
    views: NO_VIEWS,
  },
  {
    method: 'POST',
    path: '/api/compliance/reports',
    summary: 'A CSRD, ISSB or UN SDG report built from the event log, as JSON or PDF',
    access: oversightAccess,
    body: complianceReportRequest,
    success: { status: 200, json: complianceReport, file: ['application/pdf'] },
    idempotent: false,
    views: NO_VIEWS,
  },
] satisfies readonly ApiRoute[];
