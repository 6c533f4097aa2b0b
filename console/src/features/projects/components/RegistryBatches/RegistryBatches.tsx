import { Alert, Badge, Code, Loader, Table, Text } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { ArticleSixStatus, CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { usePublicBatches } from '../../api/list-public-batches';
import { formatCredits } from '../ProjectDetails/ProjectDetails';

/** Every issuance of the registry: one batch per vintage, the buffer pool's share as a batch of its own, imports with their origin. */
export function RegistryBatches() {
  const batches = usePublicBatches();
  if (batches.isPending) return <Loader size="sm" aria-label="Loading issuances" data-testid="registry-batches-loading" />;
  if (batches.isError)
    return (
      <Alert color="red" title="Issuances could not be loaded" data-testid="registry-batches-error">
        {describeError(batches.error)}
      </Alert>
    );
  if (batches.data.batches.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="registry-batches-empty">
        No credits have been issued yet
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped data-testid="registry-batches">
        <TableHeader
          columns={[
            'Batch',
            'Project',
            'Vintage',
            { label: 'Credits', align: 'right' },
            'Serials',
            { label: 'Retired', align: 'right' },
            { label: 'Cancelled', align: 'right' },
            'Share',
            'Issued',
          ]}
        />
        <Table.Tbody>
          {batches.data.batches.map((batch) => (
            <Table.Tr key={batch.batchId} data-testid="registry-batch">
              <Table.Td>
                <Code>{batch.batchId}</Code>
                <CreditLabels labels={batch.claims.labels} />
                <ArticleSixStatus claims={batch.claims} />
              </Table.Td>
              <Table.Td>
                {batch.projectName}
                <Text size="xs" c="dimmed">
                  {batch.projectType}
                </Text>
              </Table.Td>
              <Table.Td>{batch.vintage}</Table.Td>
              <Table.Td ta="right">{formatCredits(batch.quantity)}</Table.Td>
              <Table.Td>
                <Code data-testid="registry-batch-serials">
                  {batch.firstSerial} to {batch.lastSerial}
                </Code>
                {batch.origin && (
                  <Text size="xs" c="dimmed">
                    Imported from {batch.origin.registry}, serials {batch.origin.start} to {batch.origin.end}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatCredits(batch.retired)}</Table.Td>
              <Table.Td ta="right" data-testid="registry-batch-cancelled">
                {formatCredits(batch.cancelled)}
              </Table.Td>
              <Table.Td>
                {batch.buffer ? (
                  <Badge color="grape" variant="light" data-testid="registry-batch-buffer">
                    Buffer pool
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light">
                    Proponent
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(batch.issuedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
