import { Badge, Code, Table, Text } from '@mantine/core';
import { ArticleSixStatus, CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { usePublicBatches } from '../../api/list-public-batches';
import { formatCredits } from '../ProjectDetails/ProjectDetails';
import { RegistryList } from '../RegistryList/RegistryList';

/** Every issuance of the registry: one batch per vintage, the buffer pool's share as a batch of its own, imports with their origin. */
export function RegistryBatches() {
  const query = usePublicBatches();
  return (
    <RegistryList query={query} rows={(data) => data.batches} what="issuances" testId="registry-batches" empty="No credits have been issued yet">
      {(batches) => (
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
              {batches.map((batch) => (
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
      )}
    </RegistryList>
  );
}
