import {
  documentKindLabels,
  mitigationKindLabels,
  type MonitoringReportView,
  type ProjectDocumentView,
  type ProjectView,
  type RegistryParty,
} from '@carbon-ledger/contracts';
import { Alert, Anchor, Badge, Card, Code, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { documentDownloadPath } from '../../api/document-links';
import { ProjectStatusBadge, ReportStatusBadge } from '../ProjectStatusBadge/ProjectStatusBadge';
import { LabelledValue } from '../../../../shared/components/LabelledValue/LabelledValue';

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCredits(quantity: number): string {
  return numberFormat.format(quantity);
}

function partyText(party: RegistryParty | null): string {
  if (!party) return 'Not assigned';
  // The public registry names a party by its organisation alone, and a sandbox party has no user name: say each once.
  if (!party.name) return party.organisation ?? 'Not assigned';
  return party.organisation && party.organisation !== party.name ? `${party.name} (${party.organisation})` : party.name;
}

function perVintageText(rows: readonly { vintage: number; quantity: number }[] | null): string {
  if (!rows || rows.length === 0) return '—';
  return rows.map((row) => `${row.vintage}: ${formatCredits(row.quantity)}`).join(', ');
}

function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LabelledValue label={label}>
      <Text size="sm">{children}</Text>
    </LabelledValue>
  );
}

export function DocumentList({ documents }: { documents: readonly ProjectDocumentView[] }) {
  if (documents.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="project-documents-empty">
        No documents cited yet
      </Text>
    );
  return (
    <List spacing={4} size="sm" icon={<IconFileText size={14} />} data-testid="project-documents">
      {documents.map((document) => (
        <List.Item key={`${document.sha256}-${document.citedBy}-${document.reportId ?? ''}`}>
          <Anchor href={documentDownloadPath(document.sha256)} target="_blank" rel="noreferrer" data-testid="project-document-link">
            {document.name}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {documentKindLabels[document.kind]}, {formatBytes(document.size)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function ReportBatches({ report }: { report: MonitoringReportView }) {
  if (report.batches.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {report.batches.map((batch) => (
        <Group key={batch.batchId} gap={6} wrap="nowrap" data-testid="report-batch">
          <Code>{batch.batchId}</Code>
          <Text size="xs">
            {formatCredits(batch.quantity)} credits, vintage {batch.vintage}
            {batch.bufferQuantity > 0 && `, ${formatCredits(batch.bufferQuantity)} to the buffer pool`}
          </Text>
          <Badge size="xs" variant="light" color={batch.issued ? 'teal' : 'yellow'}>
            {batch.issued ? 'Issued' : 'Issuing'}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

/** A project's reversals: tCO2e lost, what the buffer pool covered, and the shortfall, stated. */
function Reversals({ project }: { project: ProjectView }) {
  if (project.reversals.length === 0) return null;
  return (
    <div data-testid="project-reversals">
      <Title order={4} size="h6" mb={4}>
        Reversals
      </Title>
      {project.reversalShortfall > 0 && (
        <Alert color="red" variant="light" title="Shortfall" mb="xs" data-testid="project-reversal-shortfall">
          The buffer pool could not cover {formatCredits(project.reversalShortfall)} tCO2e of this project's reversals.
        </Alert>
      )}
      <Table verticalSpacing="xs">
        <TableHeader columns={['Recorded', 'Lost', 'Cause', 'Covered by the buffer pool', 'Shortfall']} />
        <Table.Tbody>
          {project.reversals.map((reversal) => (
            <Table.Tr key={reversal.reversalId} data-testid="project-reversal">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{reversal.recordedAt.slice(0, 10)}</Table.Td>
              <Table.Td>{formatCredits(reversal.quantity)} tCO2e</Table.Td>
              <Table.Td>{reversal.cause}</Table.Td>
              <Table.Td>{reversal.covered === null ? 'Being covered' : `${formatCredits(reversal.covered)} tCO2e cancelled`}</Table.Td>
              <Table.Td>{reversal.shortfall === null ? '—' : `${formatCredits(reversal.shortfall)} tCO2e`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export interface ProjectDetailsProps {
  project: ProjectView;
  /** Under the project: what the viewer may do with it. */
  actions?: ReactNode;
  /** Beside each report: what the viewer may do with it. */
  reportActions?: (report: MonitoringReportView) => ReactNode;
}

/** A project as everyone who works on it (and the public registry) sees it: facts, parties, documents, reports and their batches. */
export function ProjectDetails({ project, actions, reportActions }: ProjectDetailsProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="project-card" data-project-id={project.projectId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {project.name}
            </Title>
            <Text size="sm" c="dimmed">
              <Code>{project.projectId}</Code> · {project.projectType} · {mitigationKindLabels[project.mitigation]}
            </Text>
          </div>
          <ProjectStatusBadge status={project.status} />
        </Group>
        {project.reasons && (
          <Alert
            color={project.status === 'rejected' || project.status === 'inactive' ? 'red' : 'gray'}
            variant="light"
            title="Last refusal"
            data-testid="project-reasons"
          >
            {project.reasons}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Fact label="Proponent">{partyText(project.proponent)}</Fact>
          <Fact label="Verifier">
            <span data-testid="project-verifier">{partyText(project.verifier)}</span>
          </Fact>
          <Fact label="Standard">{project.standard}</Fact>
          <Fact label="Methodology">{project.methodology}</Fact>
          <Fact label="Host country">
            {project.hostCountry}
            {project.location && `, ${project.location}`}
          </Fact>
          <Fact label="Crediting period">
            {project.creditingPeriod.start} to {project.creditingPeriod.end}
          </Fact>
          <Fact label="Expected per year">{formatCredits(project.expectedAnnualQuantity)} tCO2e</Fact>
          <Fact label="Issued">
            {formatCredits(project.issuedQuantity)} credits
            {project.bufferQuantity > 0 && ` (${formatCredits(project.bufferQuantity)} in the buffer pool)`}
          </Fact>
        </SimpleGrid>
        {project.description && <Text size="sm">{project.description}</Text>}
        <div>
          <Title order={4} size="h6" mb={4}>
            Documents
          </Title>
          <DocumentList documents={project.documents} />
        </div>
        <div>
          <Title order={4} size="h6" mb={4}>
            Monitoring reports
          </Title>
          {project.reports.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="project-reports-empty">
              No monitoring reports filed yet
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <TableHeader columns={['Period', 'Claimed', 'Verified', 'Status', ...(reportActions ? ['Actions'] : [])]} />
                <Table.Tbody>
                  {project.reports.map((report) => (
                    <Table.Tr key={report.reportId} data-testid="project-report" data-report-id={report.reportId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {report.period.start} to {report.period.end}
                      </Table.Td>
                      <Table.Td>{perVintageText(report.claimed)}</Table.Td>
                      <Table.Td>{perVintageText(report.verified)}</Table.Td>
                      <Table.Td>
                        <ReportStatusBadge status={report.status} />
                        {report.reasons && (
                          <Text size="xs" c="dimmed" mt={4} data-testid="report-reasons">
                            {report.reasons}
                          </Text>
                        )}
                        <ReportBatches report={report} />
                      </Table.Td>
                      {reportActions && <Table.Td>{reportActions(report)}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
        <Reversals project={project} />
        {actions}
      </Stack>
    </Card>
  );
}
