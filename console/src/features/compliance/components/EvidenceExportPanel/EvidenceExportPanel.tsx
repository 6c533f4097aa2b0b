import { exportFormats, exportTypes, type ExportFormat, type ExportType } from '@carbon-ledger/contracts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useExportEvidence, type EvidenceExportInput } from '../../api/export-evidence';
import { showExportFailedToast, showExportSuccessfulToast } from '../../compliance-toasts';
import { saveFile } from '../../save-file';

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

function isExportType(value: string | null): value is ExportType {
  return exportTypes.some((type) => type === value);
}

function isExportFormat(value: string | null): value is ExportFormat {
  return exportFormats.some((format) => format === value);
}

export function EvidenceExportPanel() {
  const [exportType, setExportType] = useState<ExportType>('full');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [includeKYC, setIncludeKYC] = useState(false);
  const [includeBlockchain, setIncludeBlockchain] = useState(true);
  const [format, setFormat] = useState<ExportFormat>('json');
  const exportEvidence = useExportEvidence();

  function handleSubmit(event: FormEvent): void {
    event.preventDefault();
    const request: EvidenceExportInput = {
      exportType,
      dateRange: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      includeKYC,
      includeBlockchain,
      format,
    };
    exportEvidence.mutate(request, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        showExportSuccessfulToast(fileName);
      },
      onError: showExportFailedToast,
    });
  }

  return (
    <Card withBorder padding="lg" radius="md" data-testid="evidence-export">
      <Title order={3} size="h4">
        Evidence Export
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Events from the ledger's log with their hash chain, seals and proofs, for auditors and regulators.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Export type"
              data={typeOptions}
              value={exportType}
              onChange={(value) => setExportType(isExportType(value) ? value : 'full')}
              allowDeselect={false}
              data-testid="export-type"
            />
            <Select
              label="Format"
              data={formatOptions}
              value={format}
              onChange={(value) => setFormat(isExportFormat(value) ? value : 'json')}
              allowDeselect={false}
              data-testid="export-format"
            />
            <TextInput label="From (optional)" type="date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} data-testid="export-from" />
            <TextInput label="To (optional)" type="date" value={to} onChange={(event) => setTo(event.currentTarget.value)} data-testid="export-to" />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label="Include KYC/AML records"
              checked={includeKYC}
              onChange={(event) => setIncludeKYC(event.currentTarget.checked)}
              data-testid="export-include-kyc"
            />
            <Switch
              label="Include blockchain records"
              checked={includeBlockchain}
              onChange={(event) => setIncludeBlockchain(event.currentTarget.checked)}
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
    </Card>
  );
}
