import '@mantine/charts/styles.css';
import { CREDIT_CURRENCY } from '@carbon-ledger/contracts';
import { lazy } from 'react';
import { useAmmReservesHistory } from '../../api/get-amm-reserves-history';
import { ChartCard } from '../../../../shared/components/ChartCard/ChartCard';

const CHART_HEIGHT = 200;
// recharts loads with the chart, not with the XRPL screen.
const LineChart = lazy(async () => ({ default: (await import('@mantine/charts')).LineChart }));

const POINT_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
// A swap moves a pool by a small share of it: the axes keep enough digits to tell its points apart.
const AXIS_NUMBER = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 8 });
const AXIS_WIDTH = 84;

/** The XRP/NXCC pool's two reserves after its opening and each swap, from the amm-reserves read model. */
export function AmmReservesHistory() {
  const history = useAmmReservesHistory();

  return (
    <ChartCard
      title="AMM Reserves History"
      data-testid="amm-reserves-history"
      query={history}
      height={CHART_HEIGHT}
      errorMessage="Failed to load the AMM reserves history."
      empty={{
        when: (data) => data.points.length === 0,
        message: 'No pool reserves recorded yet: the history starts when the platform opens the pool or a swap goes through it.',
      }}
    >
      {(data) => (
        <LineChart
          data-testid="amm-reserves-history-chart"
          h={CHART_HEIGHT}
          dataKey="label"
          data={data.points.map((point) => ({
            label: `${POINT_LABEL.format(new Date(point.at))} UTC`,
            xrp: Number(point.xrp),
            credits: Number(point.credits),
          }))}
          series={[
            { name: 'xrp', label: 'XRP in the pool', color: 'blue.6' },
            { name: 'credits', label: `${CREDIT_CURRENCY} in the pool`, color: 'teal.6', yAxisId: 'right' },
          ]}
          withRightYAxis
          yAxisLabel="XRP"
          rightYAxisLabel={CREDIT_CURRENCY}
          withLegend
          valueFormatter={(value) => value.toLocaleString('en-US', { maximumFractionDigits: 6 })}
          yAxisProps={{ tickFormatter: (value: number) => AXIS_NUMBER.format(value), width: AXIS_WIDTH, domain: ['auto', 'auto'] }}
          rightYAxisProps={{ tickFormatter: (value: number) => AXIS_NUMBER.format(value), width: AXIS_WIDTH, domain: ['auto', 'auto'] }}
          gridAxis="y"
        />
      )}
    </ChartCard>
  );
}
