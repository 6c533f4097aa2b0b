import type { ListProjectsResponse, MonitoringReportView, ProjectView } from '@carbon-ledger/contracts';

export type StageState = 'pending' | 'current' | 'done';
export const issuanceStages = ['validation', 'verification', 'review', 'issued'] as const;
export type IssuanceStage = (typeof issuanceStages)[number];
export type IssuanceProgress = Record<IssuanceStage, StageState>;

export const issuanceStageLabels: Readonly<Record<IssuanceStage, string>> = {
  validation: 'Validation',
  verification: 'Verification',
  review: 'Registry review',
  issued: 'Issued',
};

/** Every stage done: the batches of the report are in the registry. */
export function isIssued(report: MonitoringReportView | undefined): boolean {
  return report !== undefined && report.status === 'approved' && report.batches.length > 0 && report.batches.every((batch) => batch.issued);
}

/**
 * Where an issuance request stands. The first stage not done is the current one: validation of
 * the project, verification of the report, then the registry's registration and approval.
 */
export function issuanceProgressOf(project: ProjectView | undefined, report: MonitoringReportView | undefined): IssuanceProgress {
  const validated = project?.status === 'validated' || project?.status === 'registered';
  const verified = report?.status === 'verified' || report?.status === 'approved';
  const approved = report?.status === 'approved';
  const done = [validated, validated && verified, validated && verified && approved, isIssued(report)];
  const current = done.indexOf(false);
  return Object.fromEntries(
    issuanceStages.map((stage, index) => [stage, done[index] ? 'done' : index === current ? 'current' : 'pending']),
  ) as IssuanceProgress;
}

/** The filed request's project and report in the proponent's list. */
export function findRequest(lists: readonly ListProjectsResponse[] | undefined, projectId: string, reportId: string) {
  const project = lists?.flatMap((list) => list.projects).find((candidate) => candidate.projectId === projectId);
  return { project, report: project?.reports.find((candidate) => candidate.reportId === reportId) };
}
