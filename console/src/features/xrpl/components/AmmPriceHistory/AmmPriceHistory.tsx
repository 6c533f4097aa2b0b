import '@mantine/charts/styles.css';
import { AMM_PRICE_HISTORY_DAYS } from '@carbon-ledger/contracts';
import { lazy } from 'react';
import { useAmmDailyPrices } from '../../api/get-amm-daily-prices';
import { ChartCard } from '../../../../shared/components/ChartCard/ChartCard';
import { formatCount } from '../../../../shared/format/plural';

const CHART_HEIGHT = 200;
// recharts loads with the chart, not with the XRPL screen.
const LineChart = lazy(async () => ({ default: (await import('@mantine/charts')).LineChart }));

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The XRP/NXCC pool's average swap price per day, from the trades read model. */
export function AmmPriceHistory() {
  const history = useAmmDailyPrices();

  return (
    <ChartCard
      title="AMM Price History"
      data-testid="amm-price-history"
      query={history}
      height={CHART_HEIGHT}
      errorMessage="Failed to load the AMM price history."
      empty={{ when: (data) => data.days.length === 0, message: `No AMM swaps in the last ${formatCount(AMM_PRICE_HISTORY_DAYS, 'day')}` }}
    >
      {(data) => (
        <LineChart
          data-testid="amm-price-history-chart"
          h={CHART_HEIGHT}
          dataKey="label"
          data={data.days.map((entry) => ({
            label: DAY_LABEL.format(new Date(`${entry.day}T00:00:00Z`)),
            price: Number(entry.averagePrice),
          }))}
          series={[{ name: 'price', label: 'Average price (XRP per NXCC)', color: 'blue.6' }]}
          valueFormatter={(price) => `${price.toLocaleString('en-US', { maximumFractionDigits: 6 })} XRP`}
          yAxisProps={{ tickFormatter: (price: number) => price.toLocaleString('en-US', { maximumFractionDigits: 4 }), width: 56, domain: ['auto', 'auto'] }}
          gridAxis="y"
        />
      )}
    </ChartCard>
  );
}
