import { deactivateProjectRequest, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDeactivateProject } from '../../api/deactivate-project';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';

/**
 * The registry makes a registered project inactive, with reasons (the end of its crediting, a
 * withdrawal, a finding): it takes no more monitoring reports; what it issued stays as it is.
 */
export function DeactivationForm({ project }: { project: ProjectView }) {
  const deactivate = useDeactivateProject();
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = () => {
    const parsed = parseRequest(deactivateProjectRequest, { reasons });
    if (!parsed.ok) {
      setError(parsed.errors.reasons ?? Object.values(parsed.errors)[0]);
      return;
    }
    setError(undefined);
    deactivate.mutate(
      { projectId: project.projectId, request: parsed.request },
      {
        onSuccess: () =>
          showProjectActionToast('Project Made Inactive', `${project.projectId} takes no more monitoring reports; its issued credits stay as they are`),
        onError: (failure) => showProjectActionFailedToast('Decision Not Recorded', failure, 'Failed to make the project inactive'),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="deactivation-form">
      <Textarea
        label="Reasons to make the project inactive"
        description="Required; the project then takes no more monitoring reports"
        minRows={2}
        value={reasons}
        onChange={(event) => setReasons(event.currentTarget.value)}
        error={error}
        data-testid="deactivation-reasons"
      />
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={send} loading={deactivate.isPending} data-testid="deactivation-submit">
          Make Inactive
        </Button>
      </Group>
    </Stack>
  );
}
