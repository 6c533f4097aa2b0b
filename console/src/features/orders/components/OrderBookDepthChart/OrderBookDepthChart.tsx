import '@mantine/charts/styles.css';
import type { OrderBookDepthResponse } from '@carbon-ledger/contracts';
import { lazy } from 'react';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { useOrderBookDepth } from '../../api/get-order-book-depth';
import type { MarketSelection } from '../../api/get-marketplace';
import { ChartCard } from '../../../../shared/components/ChartCard/ChartCard';
import { formatCount } from '../../../../shared/format/plural';

const CHART_HEIGHT = 220;
// recharts loads with the chart, not with the Marketplace.
const AreaChart = lazy(async () => ({ default: (await import('@mantine/charts')).AreaChart }));

interface DepthPoint {
  price: string;
  bids: number;
  asks: number;
}

/**
 * One row per price, lowest first: bids cumulate down from the best bid, asks up from the best ask.
 * Each side is 0 across the other's prices, so a side of one level still draws, dropping at the spread.
 */
export function depthPoints(depth: OrderBookDepthResponse): DepthPoint[] {
  const bids = [...depth.bids].reverse().map((level) => ({ price: level.price, bids: level.cumulative, asks: 0 }));
  const asks = depth.asks.map((level) => ({ price: level.price, bids: 0, asks: level.cumulative }));
  return [...bids, ...asks].map((point) => ({ ...point, price: formatUsdCents(priceToCents(point.price)) }));
}

/** The chosen market's order-book depth: cumulative bid and ask quantity by price, as the read model sums it. */
export function OrderBookDepthChart({ market }: { market: MarketSelection }) {
  const depth = useOrderBookDepth(market);

  return (
    <ChartCard
      title="Market Depth"
      level={2}
      data-testid="order-book-depth"
      query={depth}
      height={CHART_HEIGHT}
      errorMessage="Failed to load the market depth."
      empty={{ when: (data) => data.bids.length === 0 && data.asks.length === 0, message: 'No open orders in this market' }}
    >
      {(data) => (
        <AreaChart
          data-testid="order-book-depth-chart"
          h={CHART_HEIGHT}
          dataKey="price"
          data={depthPoints(data)}
          series={[
            { name: 'bids', label: 'Bids (buy)', color: 'teal.6' },
            { name: 'asks', label: 'Asks (sell)', color: 'red.6' },
          ]}
          curveType="step"
          withDots={false}
          withLegend
          valueFormatter={(quantity) => formatCount(quantity, 'credit')}
          yAxisProps={{ tickFormatter: (quantity: number) => quantity.toLocaleString('en-US'), width: 48 }}
          gridAxis="y"
        />
      )}
    </ChartCard>
  );
}
