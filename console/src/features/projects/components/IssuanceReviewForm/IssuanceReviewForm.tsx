import { bufferQuantityOf, bufferSharePercent, reviewIssuanceRequest, type MonitoringReportView, type ProjectView } from '@carbon-ledger/contracts';
import { List, Stack, Text } from '@mantine/core';
import { useReviewIssuance } from '../../api/review-issuance';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DecisionButtons, DecisionTextField, useDecisionText } from '../DecisionFields/DecisionFields';
import { formatCredits } from '../ProjectDetails/ProjectDetails';

/** The registry approves a verified report's issuance (one batch per vintage, the buffer share held back) or returns it to the verifier. */
export function IssuanceReviewForm({ project, report }: { project: ProjectView; report: MonitoringReportView }) {
  const review = useReviewIssuance();
  const reasons = useDecisionText();
  const share = bufferSharePercent[project.projectType];
  const verified = (report.verified ?? []).filter((row) => row.quantity > 0);
  // Credits are issued only for a registered project.
  const approvable = project.status === 'registered';

  const send = (decision: 'approved' | 'returned') => {
    const request = reasons.check(parseRequest(reviewIssuanceRequest, decision === 'approved' ? { decision } : { decision, reasons: reasons.text }));
    if (!request) return;
    review.mutate(
      { projectId: project.projectId, reportId: report.reportId, decision: request },
      {
        onSuccess: () =>
          showProjectActionToast(
            decision === 'approved' ? 'Issuance Approved' : 'Report Returned',
            decision === 'approved' ? `Credits of ${project.projectId} are being issued, one batch per vintage` : `The report goes back to the verifier`,
          ),
        onError: (failure) => showProjectActionFailedToast('Review Not Recorded', failure, 'Failed to record the issuance review'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="issuance-review-form" data-report-id={report.reportId}>
      <Text size="sm" fw={500}>
        Report {report.period.start} to {report.period.end}: verified
      </Text>
      <List size="sm" spacing={2}>
        {verified.map((row) => {
          const buffer = bufferQuantityOf(row.quantity, share);
          return (
            <List.Item key={row.vintage} data-testid="issuance-preview">
              {row.vintage}: {formatCredits(row.quantity - buffer)} credits to the proponent
              {buffer > 0 && `, ${formatCredits(buffer)} (${share} %) to the buffer pool`}
            </List.Item>
          );
        })}
      </List>
      {!approvable && (
        <Text size="xs" c="dimmed">
          Register the project before approving its issuance.
        </Text>
      )}
      <DecisionTextField label="Reasons" description="Required to return the report" {...reasons.field} testId="issuance-reasons" />
      <DecisionButtons
        refuse={{ label: 'Return to verifier', testId: 'issuance-return', onClick: () => send('returned') }}
        accept={{ label: 'Approve issuance', testId: 'issuance-approve', onClick: () => send('approved'), disabled: !approvable }}
        pending={review.isPending}
      />
    </Stack>
  );
}
