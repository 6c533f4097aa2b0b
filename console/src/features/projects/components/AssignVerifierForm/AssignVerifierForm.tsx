import { requestValidationRequest, type ProjectView } from '@carbon-ledger/contracts';
import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { useVerifiers } from '../../api/list-verifiers';
import { useRequestValidation } from '../../api/request-validation';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';

/** Only verifiers accredited for the project's type are offered; the server refuses one of the proponent's organisation (403). */
export function AssignVerifierForm({ project }: { project: ProjectView }) {
  const verifiers = useVerifiers();
  const request = useRequestValidation();
  const [verifierId, setVerifierId] = useState<string | null>(project.verifier?.id ?? null);
  const [error, setError] = useState<string | undefined>();

  if (verifiers.isPending)
    return (
      <Text size="sm" c="dimmed" data-testid="assign-verifier-loading">
        Loading accredited verifiers…
      </Text>
    );
  if (verifiers.isError)
    return (
      <Text size="sm" c="red" data-testid="assign-verifier-error">
        {describeError(verifiers.error)}
      </Text>
    );
  const accredited = verifiers.data.verifiers.filter((verifier) => verifier.projectTypes.includes(project.projectType));
  if (accredited.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="assign-verifier-none">
        No verifier is accredited for {project.projectType} yet; the registry accredits verifiers.
      </Text>
    );

  const submit = () => {
    const parsed = parseRequest(requestValidationRequest, { verifierId: verifierId ?? undefined });
    if (!parsed.ok) {
      setError(parsed.errors.verifierId ?? 'Choose a verifier');
      return;
    }
    setError(undefined);
    request.mutate(
      { projectId: project.projectId, verifierId: parsed.request.verifierId },
      {
        onSuccess: () => {
          const name = accredited.find((verifier) => verifier.id === parsed.request.verifierId)?.name ?? 'The verifier';
          showProjectActionToast('Validation Requested', `${name} is asked to validate ${project.projectId}`);
        },
        onError: (failure) => showProjectActionFailedToast('Validation Not Requested', failure, 'Failed to ask for validation'),
      },
    );
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="assign-verifier-form">
      <Select
        label="Verifier"
        placeholder="Accredited verifier"
        data={accredited.map((verifier) => ({
          value: verifier.id,
          label: verifier.organisation ? `${verifier.name} (${verifier.organisation})` : verifier.name,
        }))}
        value={verifierId}
        onChange={setVerifierId}
        error={error}
        w={320}
        data-testid="assign-verifier-select"
      />
      <Button onClick={submit} loading={request.isPending} data-testid="assign-verifier-submit">
        Ask for validation
      </Button>
    </Group>
  );
}
