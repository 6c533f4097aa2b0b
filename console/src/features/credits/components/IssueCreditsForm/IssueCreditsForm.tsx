import { emissionScopeChoices, issuanceProjectTypes, type IssueCreditsResponse } from '@carbon-ledger/contracts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCertificate, IconDeviceFloppy } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { isKycRefusal } from '../../../../shared/api/kyc-refusal';
import { useIssueCredits } from '../../api/issue-credits';
import {
  showCreditsIssuedToast,
  showDraftNotSavedToast,
  showDraftSavedToast,
  showIssuanceFailedToast,
  showKycRequiredToast,
  showValidationToast,
} from '../../credits-toasts';
import { IssueResult } from '../IssueResult/IssueResult';
import { clearIssueDraft, loadIssueDraft, saveIssueDraft } from './issue-draft';
import { checkIssueForm, defaultIssueFormValues, estimatedCreditsOf, scopeFields, type IssueFormValues, type ScopeField } from './issue-form-values';

export interface IssueCreditsFormProps {
  /** The issuer's XRPL address, entered in the KYC status panel. */
  xrplAddress: string;
  /** KYC verified and AML verified or cleared for that address. */
  kycPassed: boolean;
  /** Opens the embedded KYC verification panel. */
  onKycRequired: () => void;
  /** The signed-in user's id: drafts are kept per user. */
  draftOwnerId: string;
  /** Shown above the buttons: the verification status tiles. */
  verificationStatus?: ReactNode;
  /** Shown under them once a request is filed: where it stands. */
  requestStatus?: (issued: IssueCreditsResponse) => ReactNode;
}

const scopeLabels: Record<ScopeField, string> = {
  scope1: 'Scope 1 (Direct)',
  scope2: 'Scope 2 (Energy)',
  scope3: 'Scope 3 (Value chain)',
  scope4: 'Scope 4 (Avoided)',
  scope5: 'Scope 5 (Behavioral)',
};

const scopeOptions = emissionScopeChoices.map((choice) => ({ value: String(choice.value), label: choice.label }));

/** The Issue Carbon Credits form. The button waits for a passed KYC and an address. */
export function IssueCreditsForm({ xrplAddress, kycPassed, onKycRequired, draftOwnerId, verificationStatus, requestStatus }: IssueCreditsFormProps) {
  // A saved draft of this user, else the product's default values.
  const form = useForm<IssueFormValues>({
    mode: 'controlled',
    initialValues: loadIssueDraft(draftOwnerId) ?? defaultIssueFormValues,
  });
  const { values } = form;
  const [issued, setIssued] = useState<IssueCreditsResponse | null>(null);
  const issue = useIssueCredits();

  const handleSubmit = (values: IssueFormValues) => {
    const check = checkIssueForm(values, xrplAddress);
    if (!check.valid) {
      showValidationToast(check.message);
      return;
    }
    if (!kycPassed) {
      showKycRequiredToast();
      onKycRequired();
      return;
    }
    issue.mutate(check.request, {
      onSuccess: (result) => {
        setIssued(result);
        showCreditsIssuedToast(result);
        // The draft was this project's; it is issued now.
        clearIssueDraft(draftOwnerId);
        form.setValues(defaultIssueFormValues);
      },
      onError: (error) => {
        if (isKycRefusal(error)) {
          showKycRequiredToast();
          onKycRequired();
        } else {
          showIssuanceFailedToast(error);
        }
      },
    });
  };

  const handleSaveDraft = () => {
    if (saveIssueDraft(draftOwnerId, values)) showDraftSavedToast();
    else showDraftNotSavedToast();
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate data-testid="issue-credits-form">
          <Stack gap="md">
            <Title order={2} size="h4">
              Project Information
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Project ID" withAsterisk data-testid="issue-project-id" {...form.getInputProps('id')} />
              <TextInput label="Project Name" withAsterisk data-testid="issue-project-name" {...form.getInputProps('name')} />
            </SimpleGrid>
            <Select
              label="Project Type"
              data-testid="issue-project-type"
              data={[...issuanceProjectTypes]}
              allowDeselect={false}
              {...form.getInputProps('projectType')}
            />
            <Textarea label="Description" minRows={3} data-testid="issue-description" {...form.getInputProps('description')} />
            <Title order={3} size="h5" mt="xs">
              Emissions Scopes
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {scopeFields.map((field) => (
                <Select
                  key={field}
                  label={scopeLabels[field]}
                  data-testid={`issue-${field}`}
                  data={scopeOptions}
                  allowDeselect={false}
                  value={String(values[field])}
                  onChange={(value) => value !== null && form.setFieldValue(field, Number(value))}
                />
              ))}
            </SimpleGrid>
            <Group justify="space-between" p="sm" bg="carbon.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Text size="sm" fw={500}>
                Estimated Credits
              </Text>
              <Text fw={700} data-testid="issue-estimated-credits">
                {estimatedCreditsOf(values).toLocaleString('en-US')}
              </Text>
            </Group>
            {verificationStatus}
            {issued && requestStatus?.(issued)}
            <Group justify="flex-end">
              <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={handleSaveDraft} data-testid="issue-save-draft">
                Save Draft
              </Button>
              <Button
                type="submit"
                leftSection={<IconCertificate size={16} />}
                disabled={!kycPassed || xrplAddress.trim() === ''}
                loading={issue.isPending}
                data-testid="issue-submit"
              >
                Issue Credits
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {issued && <IssueResult issued={issued} />}
    </Stack>
  );
}
