import { bufferQuantityOf, bufferSharePercent, reviewIssuanceRequest, type MonitoringReportView, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useReviewIssuance } from '../../api/review-issuance';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { formatCredits } from '../ProjectDetails/ProjectDetails';

/** The registry approves a verified report's issuance (one batch per vintage, the buffer share held back) or returns it to the verifier. */
export function IssuanceReviewForm({ project, report }: { project: ProjectView; report: MonitoringReportView }) {
  const review = useReviewIssuance();
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState<string | undefined>();
  const share = bufferSharePercent[project.projectType];
  const verified = (report.verified ?? []).filter((row) => row.quantity > 0);
  // Credits are issued only for a registered project.
  const approvable = project.status === 'registered';

  const send = (decision: 'approved' | 'returned') => {
    const parsed = parseRequest(reviewIssuanceRequest, decision === 'approved' ? { decision } : { decision, reasons });
    if (!parsed.ok) {
      setError(parsed.errors.reasons ?? Object.values(parsed.errors)[0]);
      return;
    }
    setError(undefined);
    review.mutate(
      { projectId: project.projectId, reportId: report.reportId, decision: parsed.request },
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
      <Textarea
        label="Reasons"
        description="Required to return the report"
        minRows={2}
        value={reasons}
        onChange={(event) => setReasons(event.currentTarget.value)}
        error={error}
        data-testid="issuance-reasons"
      />
      <Group justify="flex-end" gap="xs">
        <Button color="red" variant="light" onClick={() => send('returned')} loading={review.isPending} data-testid="issuance-return">
          Return to verifier
        </Button>
        <Button onClick={() => send('approved')} loading={review.isPending} disabled={!approvable} data-testid="issuance-approve">
          Approve issuance
        </Button>
      </Group>
    </Stack>
  );
}
