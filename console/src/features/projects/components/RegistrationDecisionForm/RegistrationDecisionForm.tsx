import { decideRegistrationRequest, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDecideRegistration } from '../../api/decide-registration';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';

/** The registry registers a validated project or refuses it with reasons; the server refuses its proponent, verifier or their organisation (403). */
export function RegistrationDecisionForm({ project }: { project: ProjectView }) {
  const decide = useDecideRegistration();
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = (decision: 'registered' | 'refused') => {
    const parsed = parseRequest(decideRegistrationRequest, decision === 'registered' ? { decision } : { decision, reasons });
    if (!parsed.ok) {
      setError(parsed.errors.reasons ?? Object.values(parsed.errors)[0]);
      return;
    }
    setError(undefined);
    decide.mutate(
      { projectId: project.projectId, decision: parsed.request },
      {
        onSuccess: () =>
          showProjectActionToast(
            decision === 'registered' ? 'Project Registered' : 'Registration Refused',
            decision === 'registered' ? `${project.projectId} is registered; its verified reports can be approved` : `${project.projectId} was refused`,
          ),
        onError: (failure) => showProjectActionFailedToast('Decision Not Recorded', failure, 'Failed to record the registration decision'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="registration-decision-form">
      <Textarea
        label="Reasons"
        description="Required to refuse"
        minRows={2}
        value={reasons}
        onChange={(event) => setReasons(event.currentTarget.value)}
        error={error}
        data-testid="registration-reasons"
      />
      <Group justify="flex-end" gap="xs">
        <Button color="red" variant="light" onClick={() => send('refused')} loading={decide.isPending} data-testid="registration-refuse">
          Refuse
        </Button>
        <Button onClick={() => send('registered')} loading={decide.isPending} data-testid="registration-register">
          Register
        </Button>
      </Group>
    </Stack>
  );
}
