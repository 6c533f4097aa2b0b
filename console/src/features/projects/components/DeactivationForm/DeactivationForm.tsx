import { deactivateProjectRequest, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useDeactivateProject } from '../../api/deactivate-project';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DecisionTextField, useDecisionText } from '../DecisionFields/DecisionFields';

/**
 * The registry makes a registered project inactive, with reasons (the end of its crediting, a
 * withdrawal, a finding): it takes no more monitoring reports; what it issued stays as it is.
 */
export function DeactivationForm({ project }: { project: ProjectView }) {
  const deactivate = useDeactivateProject();
  const reasons = useDecisionText();

  const send = () => {
    const request = reasons.check(parseRequest(deactivateProjectRequest, { reasons: reasons.text }));
    if (!request) return;
    deactivate.mutate(
      { projectId: project.projectId, request },
      {
        onSuccess: () =>
          showProjectActionToast('Project Made Inactive', `${project.projectId} takes no more monitoring reports; its issued credits stay as they are`),
        onError: (failure) => showProjectActionFailedToast('Decision Not Recorded', failure, 'Failed to make the project inactive'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="deactivation-form">
      <DecisionTextField
        label="Reasons to make the project inactive"
        description="Required; the project then takes no more monitoring reports"
        {...reasons.field}
        testId="deactivation-reasons"
      />
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={send} loading={deactivate.isPending} data-testid="deactivation-submit">
          Make Inactive
        </Button>
      </Group>
    </Stack>
  );
}
