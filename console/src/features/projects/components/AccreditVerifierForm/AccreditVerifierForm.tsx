import { accreditVerifierRequest, creditProjectTypes, type CreditProjectType } from '@carbon-ledger/contracts';
import { Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { useAccreditVerifier } from '../../api/accredit-verifier';
import { useVerifiers } from '../../api/list-verifiers';
import { parseRequest } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';

/** The registry accredits a verifier for project types (replacing what it was accredited for). */
export function AccreditVerifierForm() {
  const verifiers = useVerifiers();
  const accredit = useAccreditVerifier();
  const [verifierId, setVerifierId] = useState<string | null>(null);
  const [projectTypes, setProjectTypes] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();

  const choose = (id: string | null) => {
    setVerifierId(id);
    // Start from what it is accredited for now: the request replaces it.
    setProjectTypes(verifiers.data?.verifiers.find((verifier) => verifier.id === id)?.projectTypes ?? []);
  };

  const submit = () => {
    if (!verifierId) {
      setError('Choose a verifier');
      return;
    }
    const parsed = parseRequest(accreditVerifierRequest, { projectTypes });
    if (!parsed.ok) {
      setError(parsed.errors.projectTypes ?? Object.values(parsed.errors)[0]);
      return;
    }
    setError(undefined);
    accredit.mutate(
      { verifierId, projectTypes: parsed.request.projectTypes },
      {
        onSuccess: (result) => showProjectActionToast('Verifier Accredited', `Accredited for ${result.projectTypes.join(', ')}`),
        onError: (failure) => showProjectActionFailedToast('Accreditation Failed', failure, 'Failed to accredit the verifier'),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="accredit-verifier-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Accredit a verifier
        </Title>
        {verifiers.isPending && (
          <Text size="sm" c="dimmed">
            Loading verifiers…
          </Text>
        )}
        {verifiers.isError && (
          <Text size="sm" c="red" data-testid="accredit-verifier-error">
            {describeError(verifiers.error)}
          </Text>
        )}
        {verifiers.isSuccess &&
          (verifiers.data.verifiers.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="accredit-verifier-empty">
              No user holds the verifier role yet.
            </Text>
          ) : (
            <>
              <Select
                label="Verifier"
                data={verifiers.data.verifiers.map((verifier) => ({
                  value: verifier.id,
                  label: verifier.organisation ? `${verifier.name} (${verifier.organisation})` : verifier.name,
                }))}
                value={verifierId}
                onChange={choose}
                data-testid="accredit-verifier-select"
              />
              <MultiSelect
                label="Project types"
                data={[...creditProjectTypes]}
                value={projectTypes}
                onChange={(next) => setProjectTypes(next.filter((type): type is CreditProjectType => (creditProjectTypes as readonly string[]).includes(type)))}
                error={error}
                data-testid="accredit-project-types"
              />
              <Group justify="flex-end">
                <Button onClick={submit} loading={accredit.isPending} data-testid="accredit-submit">
                  Accredit
                </Button>
              </Group>
            </>
          ))}
      </Stack>
    </Card>
  );
}
