import type { MetricsResponse } from '@carbon-ledger/contracts';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate, IconCloud, IconCurrencyDollar, IconLeaf, type TablerIcon } from '@tabler/icons-react';
import { formatUsd } from '../../../../shared/format/format-usd';

interface MetricCardProps {
  label: string;
  value: string;
  caption: string;
  Icon: TablerIcon;
  testId: string;
}

function MetricCard({ label, value, caption, Icon, testId }: MetricCardProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} mt={4} data-testid={testId}>
            {value}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {caption}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const count = new Intl.NumberFormat('en-US');

/** Spec: the Overview's four metric cards; '—' while they load. */
export function MetricCards({ metrics }: { metrics: MetricsResponse | undefined }) {
  const show = (format: (value: MetricsResponse) => string) => (metrics ? format(metrics) : '—');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="metric-cards">
      <MetricCard
        label="Total Credits Issued"
        value={show((m) => count.format(m.totalCredits))}
        caption="across the registry"
        Icon={IconCertificate}
        testId="metric-total-credits"
      />
      <MetricCard
        label="Portfolio Value"
        value={show((m) => formatUsd(m.portfolioValue))}
        caption="your credits at last trade prices"
        Icon={IconCurrencyDollar}
        testId="metric-portfolio-value"
      />
      <MetricCard
        label="Credits Retired"
        value={show((m) => count.format(m.retiredCredits))}
        caption="permanently out of circulation"
        Icon={IconLeaf}
        testId="metric-retired-credits"
      />
      <MetricCard
        label="CO2 Tons Offset"
        value={show((m) => count.format(m.co2Impact))}
        caption="tCO2e, one per retired credit"
        Icon={IconCloud}
        testId="metric-co2-impact"
      />
    </SimpleGrid>
  );
}
