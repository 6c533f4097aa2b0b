import { decideValidationRequest, type DocumentCitation, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDecideValidation } from '../../api/decide-validation';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DocumentsField } from '../DocumentsField/DocumentsField';

/** The assigned verifier validates the project (a comment is optional) or rejects it (reasons required). */
export function ValidationDecisionForm({ project }: { project: ProjectView }) {
  const decide = useDecideValidation();
  const [text, setText] = useState('');
  const [documents, setDocuments] = useState<DocumentCitation[]>([]);
  const [error, setError] = useState<string | undefined>();

  const send = (decision: 'validated' | 'rejected') => {
    const body = decision === 'validated' ? { decision, comment: text, documents } : { decision, reasons: text, documents };
    const parsed = parseRequest(decideValidationRequest, body);
    if (!parsed.ok) {
      setError(parsed.errors.reasons ?? parsed.errors.comment ?? Object.values(parsed.errors)[0]);
      return;
    }
    setError(undefined);
    decide.mutate(
      { projectId: project.projectId, decision: parsed.request },
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
      <Textarea
        label="Comment or reasons"
        description="Reasons are required to reject"
        minRows={2}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
        data-testid="validation-text"
      />
      <DocumentsField value={documents} onChange={setDocuments} defaultKind="validation_report" testId="validation-documents" />
      <Group justify="flex-end" gap="xs">
        <Button color="red" variant="light" onClick={() => send('rejected')} loading={decide.isPending} data-testid="validation-reject">
          Reject
        </Button>
        <Button onClick={() => send('validated')} loading={decide.isPending} data-testid="validation-validate">
          Validate
        </Button>
      </Group>
    </Stack>
  );
}
