import { Badge, Card, Table, Text, Title, Tooltip } from '@mantine/core';
import { CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { usePortfolioHoldings } from '../../api/get-portfolio-holdings';
import { QueryResultView } from '../QueryResultView/QueryResultView';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';

export function HoldingsTable({ portfolioId }: { portfolioId: string }) {
  const holdings = usePortfolioHoldings(portfolioId);
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} size="h4" mb="md">
        Holdings
      </Title>
      <QueryResultView query={holdings} what="holdings">
        {(data) =>
          data.holdings.length === 0 ? (
            <Text c="dimmed">No holdings in this portfolio yet.</Text>
          ) : (
            <Table striped data-testid="holdings-table">
              <TableHeader
                columns={[
                  'Project Type',
                  'Vintage',
                  { label: 'Quantity', align: 'right' },
                  { label: 'Serial Blocks', align: 'right' },
                  { label: 'Price', align: 'right' },
                  { label: 'Current Value', align: 'right' },
                  { label: 'Allocation', align: 'right' },
                ]}
              />
              <Table.Tbody>
                {data.holdings.map((holding) => (
                  <Table.Tr key={holding.id}>
                    <Table.Td>
                      {holding.projectType}{' '}
                      <Badge size="xs" variant="light" color={holding.mitigation === 'removal' ? 'teal' : 'blue'}>
                        {holding.mitigation}
                      </Badge>
                      <CreditLabels labels={holding.labels ?? []} />
                    </Table.Td>
                    <Table.Td>{holding.vintage}</Table.Td>
                    <Table.Td ta="right">{holding.quantity.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{holding.serialBlocks}</Table.Td>
                    <Table.Td ta="right">
                      {formatUsdCents(priceToCents(holding.price))}
                      {holding.priceSource === 'reference' && (
                        <Tooltip label="This market never traded: valued at a reference price">
                          <Badge ml={6} size="xs" color="yellow" variant="light">
                            Reference price
                          </Badge>
                        </Tooltip>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatUsdCents(priceToCents(holding.currentValue))}</Table.Td>
                    <Table.Td ta="right">{holding.allocation.toFixed(2)}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryResultView>
    </Card>
  );
}
