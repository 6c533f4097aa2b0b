import { projectStatusLabels, reportStatusLabels, type ProjectStatus, type ReportStatus } from '@carbon-ledger/contracts';
import { Badge, type MantineColor } from '@mantine/core';

const projectStatusColors: Record<ProjectStatus, MantineColor> = {
  draft: 'gray',
  under_validation: 'yellow',
  validated: 'blue',
  registered: 'teal',
  rejected: 'red',
  inactive: 'dark',
};

const reportStatusColors: Record<ReportStatus, MantineColor> = {
  awaiting_verification: 'yellow',
  verified: 'blue',
  rejected: 'red',
  approved: 'teal',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge color={projectStatusColors[status]} variant="light" data-testid="project-status" data-status={status}>
      {projectStatusLabels[status]}
    </Badge>
  );
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge color={reportStatusColors[status]} variant="light" data-testid="report-status" data-status={status}>
      {reportStatusLabels[status]}
    </Badge>
  );
}
