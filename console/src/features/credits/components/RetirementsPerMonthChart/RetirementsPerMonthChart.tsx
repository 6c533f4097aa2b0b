import '@mantine/charts/styles.css';
import { Text } from '@mantine/core';
import { lazy } from 'react';
import { useRetirementsPerMonth } from '../../api/get-retirements-per-month';
import { ChartCard } from '../../../../shared/components/ChartCard/ChartCard';
import { formatCount } from '../../../../shared/format/plural';

const CHART_HEIGHT = 220;
// recharts loads with the chart, not with the dashboard.
const BarChart = lazy(async () => ({ default: (await import('@mantine/charts')).BarChart }));

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** "2026-03" → "Mar 26" */
function monthLabel(month: string): string {
  return MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));
}

/** Credits retired per month over the last 12 months, from the retirements read model. */
export function RetirementsPerMonthChart() {
  const monthly = useRetirementsPerMonth();

  return (
    <ChartCard
      title="Retirements per Month"
      data-testid="retirements-per-month"
      query={monthly}
      height={CHART_HEIGHT}
      errorMessage="Failed to load retirements per month."
      summary={(data) => (
        <Text size="sm" c="dimmed" mb="sm" data-testid="retirements-per-month-total">
          {data.months.reduce((sum, entry) => sum + entry.retired, 0).toLocaleString('en-US')} tCO2e retired in the last{' '}
          {formatCount(data.months.length, 'month')}
        </Text>
      )}
    >
      {(data) => (
        <BarChart
          data-testid="retirements-per-month-chart"
          h={CHART_HEIGHT}
          dataKey="label"
          data={data.months.map((entry) => ({ label: monthLabel(entry.month), retired: entry.retired }))}
          series={[{ name: 'retired', label: 'Retired', color: 'teal.6' }]}
          valueFormatter={(amount) => `${amount.toLocaleString('en-US')} tCO2e`}
          // The axis carries plain numbers (the total above names the unit); the tooltip keeps tCO2e.
          yAxisProps={{ tickFormatter: (amount: number) => amount.toLocaleString('en-US'), width: 48 }}
          tickLine="y"
          gridAxis="y"
        />
      )}
    </ChartCard>
  );
}
