import { Badge, Center, Loader, Table, Text } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { useMarketplace, type MarketSelection } from '../../api/get-marketplace';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Recent Trades of the chosen market (Time, Price, Amount, Side). */
export function RecentTrades({ market }: { market: MarketSelection }) {
  const marketplace = useMarketplace(market);
  const trades = marketplace.data?.recentTrades ?? [];

  return (
    <TitledCard title="Recent Trades" level={2} data-testid="recent-trades">
      {marketplace.isError ? (
        <Text c="red" size="sm" data-testid="recent-trades-error">
          {describeError(marketplace.error)}
        </Text>
      ) : marketplace.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading recent trades" />
        </Center>
      ) : trades.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md" data-testid="recent-trades-empty">
          No trades yet in this market
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <TableHeader columns={['Time', 'Price', { label: 'Amount', align: 'right' }, 'Side']} />
          <Table.Tbody>
            {trades.map((trade, index) => (
              <Table.Tr key={`${trade.time}-${index}`} data-testid="recent-trade-row">
                <Table.Td title={trade.time}>{timeOfDay.format(new Date(trade.time))}</Table.Td>
                <Table.Td>{formatUsdCents(priceToCents(trade.price))}</Table.Td>
                <Table.Td ta="right">{trade.amount}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={trade.type === 'BUY' ? 'teal' : 'orange'}>
                    {trade.type}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </TitledCard>
  );
}
