import { reportFrameworkInfo, reportFrameworks, type ReportFormat, type ReportFramework } from '@carbon-ledger/contracts';
import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Fragment } from 'react';
import { useGenerateReport } from '../../api/generate-report';
import { showReportFailedToast, showReportGeneratedToast } from '../../compliance-toasts';
import { dateRange, saveFileThen } from '../../save-file';
import { DescribedCard } from '../../../../shared/components/DescribedCard/DescribedCard';

const formatLabels: Record<ReportFormat, string> = { json: 'JSON', pdf: 'PDF' };
const formats: readonly ReportFormat[] = ['json', 'pdf'];

export function GenerateReports() {
  const period = useForm({ mode: 'controlled', initialValues: { from: '', to: '' } });
  const { from, to } = period.values;
  const generate = useGenerateReport();
  const running = generate.isPending ? generate.variables : undefined;

  function download(framework: ReportFramework, format: ReportFormat): void {
    generate.mutate(
      { framework, period: dateRange(from, to), format },
      {
        onSuccess: saveFileThen(showReportGeneratedToast),
        onError: showReportFailedToast,
      },
    );
  }

  return (
    <DescribedCard
      title="Generate Reports"
      description="Carbon-credit disclosures built from the ledger's event log: credits retired per month, removals and reductions, standards, serial ranges and XRPL transactions."
      data-testid="generate-reports"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput label="Period from (optional)" type="date" {...period.getInputProps('from')} data-testid="report-from" />
        <TextInput label="Period to (optional)" type="date" {...period.getInputProps('to')} data-testid="report-to" />
      </SimpleGrid>
      <Stack gap="sm">
        {reportFrameworks.map((framework, index) => {
          const info = reportFrameworkInfo[framework];
          return (
            <Fragment key={framework}>
              {index > 0 && <Divider />}
              <Group justify="space-between" wrap="wrap" data-testid={`report-${framework}`}>
                <div>
                  <Text fw={600}>{info.name}</Text>
                  <Text size="sm" c="dimmed">
                    {info.description}
                  </Text>
                </div>
                <Group gap="xs">
                  {formats.map((format) => {
                    const loading = running?.framework === framework && running.format === format;
                    return (
                      <Button
                        key={format}
                        variant="light"
                        size="xs"
                        leftSection={<IconDownload size={14} />}
                        loading={loading}
                        disabled={running !== undefined && !loading}
                        onClick={() => download(framework, format)}
                        aria-label={`Download ${info.name} report as ${formatLabels[format]}`}
                        data-testid={`report-${framework}-${format}`}
                      >
                        {formatLabels[format]}
                      </Button>
                    );
                  })}
                </Group>
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    </DescribedCard>
  );
}
