import { exportFormats, exportTypes, type ExportFormat, type ExportType } from '@carbon-ledger/contracts';
import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useExportEvidence, type EvidenceExportInput } from '../../api/export-evidence';
import { showExportFailedToast, showExportSuccessfulToast } from '../../compliance-toasts';
import { dateRange, saveFileThen } from '../../save-file';
import { DescribedCard } from '../../../../shared/components/DescribedCard/DescribedCard';

const typeLabels: Record<ExportType, string> = {
  full: 'Full audit trail',
  projects: 'Projects',
  credits: 'Credits',
  trades: 'Trades',
  retirements: 'Retirements',
};

const formatLabels: Record<ExportFormat, string> = { json: 'JSON', csv: 'CSV', pdf: 'PDF summary' };

const typeOptions = exportTypes.map((value) => ({ value, label: typeLabels[value] }));
const formatOptions = exportFormats.map((value) => ({ value, label: formatLabels[value] }));

interface EvidenceExportFormValues {
  exportType: ExportType;
  from: string;
  to: string;
  includeKYC: boolean;
  includeBlockchain: boolean;
  format: ExportFormat;
}

const defaultValues: EvidenceExportFormValues = {
  exportType: 'full',
  from: '',
  to: '',
  includeKYC: false,
  includeBlockchain: true,
  format: 'json',
};

export function EvidenceExportPanel() {
  const form = useForm<EvidenceExportFormValues>({ mode: 'controlled', initialValues: defaultValues });
  const exportEvidence = useExportEvidence();

  function handleSubmit({ exportType, from, to, includeKYC, includeBlockchain, format }: EvidenceExportFormValues): void {
    const request: EvidenceExportInput = {
      exportType,
      dateRange: dateRange(from, to),
      includeKYC,
      includeBlockchain,
      format,
    };
    exportEvidence.mutate(request, {
      onSuccess: saveFileThen(showExportSuccessfulToast),
      onError: showExportFailedToast,
    });
  }

  return (
    <DescribedCard
      title="Evidence Export"
      description="Events from the ledger's log with their hash chain, seals and proofs, for auditors and regulators."
      data-testid="evidence-export"
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Export type" data={typeOptions} {...form.getInputProps('exportType')} allowDeselect={false} data-testid="export-type" />
            <Select label="Format" data={formatOptions} {...form.getInputProps('format')} allowDeselect={false} data-testid="export-format" />
            <TextInput label="From (optional)" type="date" {...form.getInputProps('from')} data-testid="export-from" />
            <TextInput label="To (optional)" type="date" {...form.getInputProps('to')} data-testid="export-to" />
          </SimpleGrid>
          <Group gap="xl">
            <Switch label="Include KYC/AML records" {...form.getInputProps('includeKYC', { type: 'checkbox' })} data-testid="export-include-kyc" />
            <Switch
              label="Include blockchain records"
              {...form.getInputProps('includeBlockchain', { type: 'checkbox' })}
              data-testid="export-include-blockchain"
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDownload size={16} />} loading={exportEvidence.isPending} data-testid="export-submit">
              Export Evidence
            </Button>
          </Group>
        </Stack>
      </form>
    </DescribedCard>
  );
}
