import { Alert, Badge, Card, Loader, Table, Text, Title, Tooltip } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { usePortfolioHoldings } from '../../api/get-portfolio-holdings';

export function HoldingsTable({ portfolioId }: { portfolioId: string }) {
  const { data, isPending, error } = usePortfolioHoldings(portfolioId);
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} size="h4" mb="md">
        Holdings
      </Title>
      {isPending ? (
        <Loader size="sm" aria-label="Loading holdings" />
      ) : error ? (
        <Alert color="red" title="Unable to load holdings">
          {describeError(error)}
        </Alert>
      ) : data.holdings.length === 0 ? (
        <Text c="dimmed">No holdings in this portfolio yet.</Text>
      ) : (
        <Table striped data-testid="holdings-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project Type</Table.Th>
              <Table.Th>Vintage</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Serial Blocks</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Current Value</Table.Th>
              <Table.Th ta="right">Allocation</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.holdings.map((holding) => (
              <Table.Tr key={holding.id}>
                <Table.Td>
                  {holding.projectType}{' '}
                  <Badge size="xs" variant="light" color={holding.mitigation === 'removal' ? 'teal' : 'blue'}>
                    {holding.mitigation}
                  </Badge>
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
      )}
    </Card>
  );
}
