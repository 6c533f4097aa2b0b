import '@mantine/charts/styles.css';
import { AMM_PRICE_HISTORY_DAYS } from '@carbon-ledger/contracts';
import { Card, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useAmmDailyPrices } from '../../api/get-amm-daily-prices';

const CHART_HEIGHT = 200;
// recharts loads with the chart, not with the XRPL screen.
const LineChart = lazy(async () => ({ default: (await import('@mantine/charts')).LineChart }));

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The XRP/NXCC pool's average swap price per day, from the trades read model. */
export function AmmPriceHistory() {
  const history = useAmmDailyPrices();

  return (
    <Card withBorder padding="lg" radius="md" data-testid="amm-price-history">
      <Title order={3} size="h5" mb="md">
        AMM Price History
      </Title>
      {history.isError ? (
        <Text c="red" size="sm" data-testid="amm-price-history-error">
          Failed to load the AMM price history.
        </Text>
      ) : history.isPending ? (
        <Skeleton height={CHART_HEIGHT} />
      ) : history.data.days.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="amm-price-history-empty">
          No AMM swaps in the last {AMM_PRICE_HISTORY_DAYS} days
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
          <LineChart
            data-testid="amm-price-history-chart"
            h={CHART_HEIGHT}
            dataKey="label"
            data={history.data.days.map((entry) => ({
              label: DAY_LABEL.format(new Date(`${entry.day}T00:00:00Z`)),
              price: Number(entry.averagePrice),
            }))}
            series={[{ name: 'price', label: 'Average price (XRP per NXCC)', color: 'blue.6' }]}
            valueFormatter={(price) => `${price.toLocaleString('en-US', { maximumFractionDigits: 6 })} XRP`}
            yAxisProps={{ tickFormatter: (price: number) => price.toLocaleString('en-US', { maximumFractionDigits: 4 }), width: 56, domain: ['auto', 'auto'] }}
            gridAxis="y"
          />
        </Suspense>
      )}
    </Card>
  );
}
