import { type CreditLabel, type MarketplaceResponse } from '@carbon-ledger/contracts';
import { Alert, Card, Center, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { useMarketplace, type MarketSelection } from '../../api/get-marketplace';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { OrderBookHeader } from '../OrderBookHeader/OrderBookHeader';

type BookLevel = MarketplaceResponse['asks'][number];

function LevelsTable({ title, levels, empty, testId }: { title: string; levels: BookLevel[]; empty: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Text fw={600} size="sm" mb="xs" c={testId === 'order-book-asks' ? 'red.7' : 'teal.7'}>
        {title}
      </Text>
      {levels.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <TableHeader columns={['Price', { label: 'Amount', align: 'right' }, 'Type']} />
          <Table.Tbody>
            {levels.map((level) => (
              <Table.Tr key={`${level.type}-${level.price}-${level.creditType}`} data-testid={`${testId}-row`}>
                <Table.Td>{formatUsdCents(priceToCents(level.price))}</Table.Td>
                <Table.Td ta="right">{level.amount}</Table.Td>
                <Table.Td tt="uppercase">{level.type}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

const ALL_LISTINGS = 'All listings';

/**
 * The Marketplace's order book, asks and bids of the chosen market, aggregated by price. A label
 * keeps the asks whose escrowed serials all carry it (docs/credit-use.md); bids name no batch.
 */
export function MarketOrderBook({ market }: { market: MarketSelection }) {
  const [label, setLabel] = useState<CreditLabel | undefined>(undefined);
  const marketplace = useMarketplace(market, label);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="market-order-book">
      <OrderBookHeader allLabel={ALL_LISTINGS} label={label} onLabelChange={setLabel} />
      {marketplace.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load the order book">
          {describeError(marketplace.error)}
        </Alert>
      ) : marketplace.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading the order book" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LevelsTable title="Asks (sell)" levels={marketplace.data.asks} empty="No open sell orders" testId="order-book-asks" />
          <LevelsTable title="Bids (buy)" levels={marketplace.data.bids} empty="No open buy orders" testId="order-book-bids" />
        </SimpleGrid>
      )}
    </Card>
  );
}
