import { importCreditsRequest, originRegistries, type ProjectView } from '@carbon-ledger/contracts';
import { Card, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useImportCredits } from '../../api/import-credits';
import { parseRequest, serverFieldErrors } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { formatCredits } from '../ProjectDetails/ProjectDetails';
import { SubmitRow } from '../SubmitRow/SubmitRow';

interface ImportValues {
  originRegistry: string | null;
  originStart: number | string;
  originEnd: number | string;
  projectId: string | null;
  vintage: number | string;
  accountId: string;
}

const emptyImport: ImportValues = { originRegistry: null, originStart: '', originEnd: '', projectId: null, vintage: new Date().getFullYear(), accountId: '' };
const asNumber = (value: number | string): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The registry records credits brought from another registry by their origin serial range; a range recorded before is refused (409).
 * `projects`: those the review queue has loaded (a page at a time), of which the registered ones are offered.
 */
export function ImportCreditsForm({ projects }: { projects: readonly ProjectView[] }) {
  const importCredits = useImportCredits();
  const form = useForm<ImportValues>({ mode: 'controlled', initialValues: emptyImport });
  const registered = projects.filter((project) => project.status === 'registered');

  const chooseProject = (projectId: string | null) => {
    form.setFieldValue('projectId', projectId);
    // The credits usually go to the project's proponent.
    const proponentId = registered.find((project) => project.projectId === projectId)?.proponent.id;
    if (proponentId && form.values.accountId === '') form.setFieldValue('accountId', proponentId);
  };

  const submit = (values: ImportValues) => {
    const parsed = parseRequest(importCreditsRequest, {
      originRegistry: values.originRegistry ?? undefined,
      originStart: asNumber(values.originStart),
      originEnd: asNumber(values.originEnd),
      projectId: values.projectId ?? '',
      vintage: asNumber(values.vintage),
      accountId: values.accountId.trim(),
    });
    if (!parsed.ok) {
      form.setErrors(parsed.errors);
      return;
    }
    form.clearErrors();
    importCredits.mutate(parsed.request, {
      onSuccess: (imported) => {
        showProjectActionToast('Import Recorded', `${formatCredits(imported.quantity)} credits recorded as batch ${imported.batchId}`);
        form.reset();
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        showProjectActionFailedToast('Import Refused', error, 'Failed to record the import');
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate data-testid="import-credits-form">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Record an import from another registry
          </Title>
          {registered.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="import-credits-no-project">
              Imported credits belong to a registered project; none of the projects loaded below is registered (Load more shows the rest).
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select label="Origin registry" data={[...originRegistries]} data-testid="import-origin-registry" {...form.getInputProps('originRegistry')} />
                <NumberInput
                  label="First origin serial"
                  min={1}
                  allowDecimal={false}
                  data-testid="import-origin-start"
                  {...form.getInputProps('originStart')}
                />
                <NumberInput label="Last origin serial" min={1} allowDecimal={false} data-testid="import-origin-end" {...form.getInputProps('originEnd')} />
                <Select
                  label="Project"
                  data={registered.map((project) => ({ value: project.projectId, label: `${project.name} (${project.projectId})` }))}
                  data-testid="import-project"
                  {...form.getInputProps('projectId')}
                  onChange={chooseProject}
                />
                <NumberInput label="Vintage" min={1990} max={2100} allowDecimal={false} data-testid="import-vintage" {...form.getInputProps('vintage')} />
                <TextInput label="Receiving account (user id)" data-testid="import-account" {...form.getInputProps('accountId')} />
              </SimpleGrid>
              <SubmitRow label="Record import" pending={importCredits.isPending} testId="import-submit" />
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
