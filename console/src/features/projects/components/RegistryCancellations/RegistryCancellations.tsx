import { cancellationReasonLabels } from '@carbon-ledger/contracts';
import { Code, Table, Text } from '@mantine/core';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { usePublicCancellations } from '../../api/list-public-cancellations';
import { formatCredits } from '../ProjectDetails/ProjectDetails';
import { RegistryList } from '../RegistryList/RegistryList';

/** Every cancellation: credits out of circulation without a claim, never retirements; a reversal's names the project it covered. */
export function RegistryCancellations() {
  const query = usePublicCancellations();
  return (
    <RegistryList
      query={query}
      rows={(data) => data.cancellations}
      what="cancellations"
      testId="registry-cancellations"
      empty="No credits have been cancelled yet"
    >
      {(cancellations) => (
        <Table.ScrollContainer minWidth={800}>
          <Text size="sm" c="dimmed" mb="xs">
            Cancelled credits leave circulation without a claim: they are not retirements and count towards no offset.
          </Text>
          <Table striped data-testid="registry-cancellations">
            <TableHeader columns={['Cancelled', 'Project', { label: 'Credits', align: 'right' }, 'Serials', 'Reason', 'By']} />
            <Table.Tbody>
              {cancellations.map((cancellation) => (
                <Table.Tr key={cancellation.cancellationId} data-testid="registry-cancellation">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {new Date(cancellation.cancelledAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                  </Table.Td>
                  <Table.Td>{cancellation.projectName}</Table.Td>
                  <Table.Td ta="right">{formatCredits(cancellation.quantity)}</Table.Td>
                  <Table.Td>
                    {cancellation.serials.map((serial) => (
                      <Code key={serial} display="block">
                        {serial}
                      </Code>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    {cancellationReasonLabels[cancellation.reason]}
                    {cancellation.reversalProjectId && (
                      <Text size="xs" c="dimmed">
                        Covers a reversal of {cancellation.reversalProjectId}
                      </Text>
                    )}
                    {cancellation.note && (
                      <Text size="xs" c="dimmed">
                        {cancellation.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{cancellation.byRegistry ? 'Registry' : 'Holder'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </RegistryList>
  );
}
