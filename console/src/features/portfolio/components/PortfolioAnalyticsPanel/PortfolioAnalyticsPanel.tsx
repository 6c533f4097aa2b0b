import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Card, ColorSwatch, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { usePortfolioAnalytics } from '../../api/get-portfolio-analytics';
import { QueryResultView } from '../QueryResultView/QueryResultView';
import { formatCount } from '../../../../shared/format/plural';

const sliceColors = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.6', 'lime.6', 'pink.6'];

function Metric({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function percent(value: number): string {
  return `${value >= 0 ? '' : '-'}${Math.abs(value).toFixed(2)}%`;
}

export function PortfolioAnalyticsPanel({ portfolioId }: { portfolioId: string }) {
  const analytics = usePortfolioAnalytics(portfolioId);
  return (
    <QueryResultView query={analytics} what="analytics">
      {(data) =>
        data.daysAnalyzed === 0 ? (
          <Text c="dimmed">No analytics data available</Text>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={12}>
              <SimpleGrid cols={{ base: 2, md: 5 }}>
                <Metric label="Total Return" value={percent(data.totalReturn)} testId="analytics-total-return" />
                <Metric label="Volatility" value={percent(data.volatility)} testId="analytics-volatility" />
                <Metric label="Sharpe Ratio" value={data.sharpeRatio.toFixed(2)} testId="analytics-sharpe" />
                <Metric label="Max Drawdown" value={percent(data.maxDrawdown)} testId="analytics-drawdown" />
                <Metric label="Days Analyzed" value={String(data.daysAnalyzed)} testId="analytics-days" />
              </SimpleGrid>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder padding="lg" radius="md" data-testid="value-chart">
                <Title order={3} size="h5" mb="sm">
                  Value over time
                </Title>
                <AreaChart
                  h={260}
                  data={data.series}
                  dataKey="date"
                  series={[{ name: 'value', label: 'Value (USD)', color: 'teal.6' }]}
                  curveType="monotone"
                  withDots={data.series.length < 15}
                  valueFormatter={(value) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder padding="lg" radius="md" data-testid="allocation-chart">
                <Title order={3} size="h5" mb="sm">
                  Allocation
                </Title>
                <DonutChart
                  mx="auto"
                  withLabelsLine
                  withLabels
                  data={data.allocation.map((slice, index) => ({ ...slice, color: sliceColors[index % sliceColors.length]! }))}
                  valueFormatter={(value) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`}
                />
                <Stack gap={4} mt="sm">
                  {data.allocation.map((slice, index) => (
                    <Group key={slice.name} gap="xs" justify="space-between">
                      <Group gap={6}>
                        <ColorSwatch size={10} color={`var(--mantine-color-${sliceColors[index % sliceColors.length]!.replace('.', '-')})`} />
                        <Text size="sm">{slice.name}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">
                        ${slice.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                Time-weighted over the last {formatCount(data.daysAnalyzed, 'day')} with holdings, at each day's closing trade prices; volatility and Sharpe
                ratio annualised over 365 days.
              </Text>
            </Grid.Col>
          </Grid>
        )
      }
    </QueryResultView>
  );
}
