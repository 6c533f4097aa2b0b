import { decideRegistrationRequest, type ProjectView } from '@carbon-ledger/contracts';
import { Stack } from '@mantine/core';
import { useDecideRegistration } from '../../api/decide-registration';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DecisionButtons, DecisionTextField, useDecisionText } from '../DecisionFields/DecisionFields';

/** The registry registers a validated project or refuses it with reasons; the server refuses its proponent, verifier or their organisation (403). */
export function RegistrationDecisionForm({ project }: { project: ProjectView }) {
  const decide = useDecideRegistration();
  const reasons = useDecisionText();

  const send = (decision: 'registered' | 'refused') => {
    const request = reasons.check(parseRequest(decideRegistrationRequest, decision === 'registered' ? { decision } : { decision, reasons: reasons.text }));
    if (!request) return;
    decide.mutate(
      { projectId: project.projectId, decision: request },
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
      <DecisionTextField label="Reasons" description="Required to refuse" {...reasons.field} testId="registration-reasons" />
      <DecisionButtons
        refuse={{ label: 'Refuse', testId: 'registration-refuse', onClick: () => send('refused') }}
        accept={{ label: 'Register', testId: 'registration-register', onClick: () => send('registered') }}
        pending={decide.isPending}
      />
    </Stack>
  );
}
