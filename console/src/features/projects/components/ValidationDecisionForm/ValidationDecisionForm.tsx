import { decideValidationRequest, type DocumentCitation, type ProjectView } from '@carbon-ledger/contracts';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useDecideValidation } from '../../api/decide-validation';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DecisionButtons, DecisionTextField, useDecisionText } from '../DecisionFields/DecisionFields';
import { DocumentsField } from '../DocumentsField/DocumentsField';

/** The assigned verifier validates the project (a comment is optional) or rejects it (reasons required). */
export function ValidationDecisionForm({ project }: { project: ProjectView }) {
  const decide = useDecideValidation();
  const text = useDecisionText();
  const [documents, setDocuments] = useState<DocumentCitation[]>([]);

  const send = (decision: 'validated' | 'rejected') => {
    const body = decision === 'validated' ? { decision, comment: text.text, documents } : { decision, reasons: text.text, documents };
    const request = text.check(parseRequest(decideValidationRequest, body));
    if (!request) return;
    decide.mutate(
      { projectId: project.projectId, decision: request },
      {
        onSuccess: () =>
          showProjectActionToast(
            decision === 'validated' ? 'Project Validated' : 'Project Rejected',
            decision === 'validated' ? `${project.projectId} waits for the registry to register it` : `${project.projectId} goes back to its proponent`,
          ),
        onError: (failure) => showProjectActionFailedToast('Decision Not Recorded', failure, 'Failed to record the validation decision'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="validation-decision-form">
      <DecisionTextField label="Comment or reasons" description="Reasons are required to reject" {...text.field} testId="validation-text" />
      <DocumentsField value={documents} onChange={setDocuments} defaultKind="validation_report" testId="validation-documents" />
      <DecisionButtons
        refuse={{ label: 'Reject', testId: 'validation-reject', onClick: () => send('rejected') }}
        accept={{ label: 'Validate', testId: 'validation-validate', onClick: () => send('validated') }}
        pending={decide.isPending}
      />
    </Stack>
  );
}
