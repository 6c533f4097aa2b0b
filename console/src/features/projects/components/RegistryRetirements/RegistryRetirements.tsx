import { retirementUseLabels } from '@carbon-ledger/contracts';
import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { usePublicRetirements } from '../../api/list-public-retirements';
import { formatCredits } from '../ProjectDetails/ProjectDetails';
import { RegistryList } from '../RegistryList/RegistryList';

const SERIALS_SHOWN = 3;

/** Every retirement: which serials, for whom and why; each links to its public certificate. */
export function RegistryRetirements() {
  const query = usePublicRetirements();
  return (
    <RegistryList query={query} rows={(data) => data.retirements} what="retirements" testId="registry-retirements" empty="No credits have been retired yet">
      {(retirements) => (
        <Table.ScrollContainer minWidth={800}>
          <Table striped data-testid="registry-retirements">
            <TableHeader columns={['Retired', 'Project', { label: 'Credits', align: 'right' }, 'Serials', 'Beneficiary', 'Purpose']} />
            <Table.Tbody>
              {retirements.map((retirement) => {
                const more = retirement.serials.length - SERIALS_SHOWN;
                return (
                  <Table.Tr key={retirement.retirementId} data-testid="registry-retirement">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={`/retirements/${encodeURIComponent(retirement.retirementId)}`} size="sm">
                        {new Date(retirement.retiredAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{retirement.projectName}</Table.Td>
                    <Table.Td ta="right">{formatCredits(retirement.quantity)}</Table.Td>
                    <Table.Td>
                      {retirement.serials.slice(0, SERIALS_SHOWN).map((serial) => (
                        <Code key={serial} display="block">
                          {serial}
                        </Code>
                      ))}
                      {more > 0 && (
                        <Text size="xs" c="dimmed">
                          +{more} more
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{retirement.beneficiary}</Table.Td>
                    <Table.Td>
                      {retirement.purpose}
                      <Text size="xs" c="dimmed" data-testid="registry-retirement-use">
                        {retirementUseLabels[retirement.use]}
                      </Text>
                      {retirement.claims && <CreditLabels labels={retirement.claims.labels} />}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </RegistryList>
  );
}
