import { decideVerificationRequest, type DocumentCitation, type MonitoringReportView, type ProjectView } from '@carbon-ledger/contracts';
import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDecideVerification } from '../../api/decide-verification';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DecisionButtons, DecisionTextField } from '../DecisionFields/DecisionFields';
import { DocumentsField } from '../DocumentsField/DocumentsField';
import { formatCredits } from '../ProjectDetails/ProjectDetails';

export const REASONS_WHEN_LOWER_MESSAGE = 'Give the reasons when fewer credits are verified than claimed';

/** The per-vintage checks the contract cannot make: at most as claimed, and reasons where fewer. */
function checkAgainstClaim(report: MonitoringReportView, verified: readonly (number | string)[], reasons: string): Record<string, string> {
  const errors: Record<string, string> = {};
  let lower = false;
  report.claimed.forEach((row, index) => {
    const quantity = verified[index];
    if (typeof quantity !== 'number') return;
    if (quantity > row.quantity) errors[`verified.${index}`] = `At most the ${formatCredits(row.quantity)} claimed for ${row.vintage}`;
    if (quantity < row.quantity) lower = true;
  });
  if (lower && reasons.trim() === '') errors.reasons = REASONS_WHEN_LOWER_MESSAGE;
  return errors;
}

/** The project's verifier verifies a report, per vintage at most as claimed, or rejects it with reasons. */
export function VerificationDecisionForm({ project, report }: { project: ProjectView; report: MonitoringReportView }) {
  const decide = useDecideVerification();
  const [verified, setVerified] = useState<(number | string)[]>(() => report.claimed.map((row) => row.quantity));
  const [reasons, setReasons] = useState('');
  const [documents, setDocuments] = useState<DocumentCitation[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const record = (decision: 'verified' | 'rejected') => {
    const body =
      decision === 'verified'
        ? {
            decision,
            verified: report.claimed.map((row, index) => ({
              vintage: row.vintage,
              quantity: typeof verified[index] === 'number' ? verified[index] : undefined,
            })),
            reasons,
            documents,
          }
        : { decision, reasons };
    const parsed = parseRequest(decideVerificationRequest, body);
    const claimErrors = decision === 'verified' ? checkAgainstClaim(report, verified, reasons) : {};
    if (!parsed.ok || Object.keys(claimErrors).length > 0) {
      setErrors({ ...(parsed.ok ? {} : parsed.errors), ...claimErrors });
      return;
    }
    setErrors({});
    decide.mutate(
      { projectId: project.projectId, reportId: report.reportId, decision: parsed.request },
      {
        onSuccess: () =>
          showProjectActionToast(
            decision === 'verified' ? 'Report Verified' : 'Report Rejected',
            decision === 'verified'
              ? `The report of ${project.projectId} waits for the registry's review`
              : `The report of ${project.projectId} goes back to its proponent`,
          ),
        onError: (failure) => showProjectActionFailedToast('Decision Not Recorded', failure, 'Failed to record the verification decision'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="verification-decision-form" data-report-id={report.reportId}>
      <Text size="sm" fw={500}>
        Report {report.period.start} to {report.period.end}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {report.claimed.map((row, index) => (
          <NumberInput
            key={row.vintage}
            label={`${row.vintage} verified`}
            description={`${formatCredits(row.quantity)} claimed`}
            min={0}
            max={row.quantity}
            allowDecimal={false}
            thousandSeparator=","
            value={verified[index]}
            onChange={(value) => setVerified((previous) => previous.map((old, at) => (at === index ? value : old)))}
            error={errors[`verified.${index}.quantity`] ?? errors[`verified.${index}`]}
            data-testid={`verified-quantity-${row.vintage}`}
          />
        ))}
      </SimpleGrid>
      <DecisionTextField
        label="Reasons"
        description="Required to reject, or where fewer credits are verified than claimed"
        value={reasons}
        onChange={setReasons}
        error={errors.reasons ?? errors.verified}
        testId="verification-reasons"
      />
      <DocumentsField value={documents} onChange={setDocuments} defaultKind="verification_statement" testId="verification-documents" />
      <DecisionButtons
        refuse={{ label: 'Reject report', testId: 'verification-reject', onClick: () => record('rejected') }}
        accept={{ label: 'Verify', testId: 'verification-verify', onClick: () => record('verified') }}
        pending={decide.isPending}
      />
    </Stack>
  );
}
