import { fileMonitoringReportRequest, MAX_REPORT_VINTAGES, type DocumentCitation, type ProjectView } from '@carbon-ledger/contracts';
import { ActionIcon, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFileReport } from '../../api/file-report';
import { parseRequest, serverFieldErrors } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DocumentsField, formDocuments } from '../DocumentsField/DocumentsField';
import { SubmitRow } from '../SubmitRow/SubmitRow';

interface VintageRow {
  vintage: number | string;
  quantity: number | string;
}

interface ReportValues {
  period: { start: string; end: string };
  claimed: VintageRow[];
  documents: DocumentCitation[];
}

const asNumber = (value: number | string): number | undefined => (typeof value === 'number' ? value : undefined);

function initialValues(): ReportValues {
  return { period: { start: '', end: '' }, claimed: [{ vintage: new Date().getFullYear(), quantity: 0 }], documents: [] };
}

/** The proponent claims credits per vintage for a monitoring period that overlaps no earlier report (the server answers 409 otherwise). */
export function FileReportForm({ project, onFiled }: { project: ProjectView; onFiled: () => void }) {
  const fileReport = useFileReport();
  const form = useForm<ReportValues>({ mode: 'controlled', initialValues: initialValues() });
  const { values } = form;

  const submit = (entered: ReportValues) => {
    const parsed = parseRequest(fileMonitoringReportRequest, {
      ...entered,
      claimed: entered.claimed.map((row) => ({ vintage: asNumber(row.vintage), quantity: asNumber(row.quantity) })),
    });
    if (!parsed.ok) {
      form.setErrors(parsed.errors);
      return;
    }
    form.clearErrors();
    fileReport.mutate(
      { projectId: project.projectId, report: parsed.request },
      {
        onSuccess: () => {
          showProjectActionToast('Report Filed', `Monitoring report for ${parsed.request.period.start} to ${parsed.request.period.end} waits for verification`);
          form.setValues(initialValues());
          onFiled();
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error));
          showProjectActionFailedToast('Report Not Filed', error, 'Failed to file the monitoring report');
        },
      },
    );
  };

  const claimedError = typeof form.errors.claimed === 'string' ? form.errors.claimed : undefined;

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="file-report-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Crediting period {project.creditingPeriod.start} to {project.creditingPeriod.end}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Monitoring period start" withAsterisk data-testid="report-period-start" {...form.getInputProps('period.start')} />
          <TextInput type="date" label="Monitoring period end" withAsterisk data-testid="report-period-end" {...form.getInputProps('period.end')} />
        </SimpleGrid>
        <Text size="sm" fw={500}>
          Credits claimed per vintage
        </Text>
        {values.claimed.map((_row, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="report-claim-row">
            <NumberInput
              label="Vintage"
              allowDecimal={false}
              min={1990}
              max={2100}
              w={120}
              data-testid={`report-vintage-${index}`}
              {...form.getInputProps(`claimed.${index}.vintage`)}
            />
            <NumberInput
              label="Credits"
              allowDecimal={false}
              min={0}
              thousandSeparator=","
              w={180}
              data-testid={`report-quantity-${index}`}
              {...form.getInputProps(`claimed.${index}.quantity`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label="Remove this vintage"
              disabled={values.claimed.length === 1}
              onClick={() => form.removeListItem('claimed', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {claimedError && (
          <Text size="xs" c="red" data-testid="report-claimed-error">
            {claimedError}
          </Text>
        )}
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          disabled={values.claimed.length >= MAX_REPORT_VINTAGES}
          onClick={() => {
            const last = asNumber(values.claimed.at(-1)?.vintage ?? '') ?? new Date().getFullYear();
            form.insertListItem('claimed', { vintage: last + 1, quantity: 0 });
          }}
        >
          Add a vintage
        </Button>
        <DocumentsField {...formDocuments(form)} defaultKind="monitoring_report" testId="report-documents" />
        <SubmitRow label="File report" pending={fileReport.isPending} testId="report-submit" />
      </Stack>
    </form>
  );
}
