import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconCurrencyDollar, IconListDetails, type TablerIcon } from '@tabler/icons-react';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { useMarketplace, type MarketSelection } from '../../api/get-marketplace';

interface StatCardProps {
  label: string;
  value: string;
  caption: string;
  Icon: TablerIcon;
  testId: string;
}

function StatCard({ label, value, caption, Icon, testId }: StatCardProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start">
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

/**
 * Spec: Average Price, 24h Volume and Active Listings. Computed from the event log
 * (ARCHITECTURE 8) instead of the spec's sample figures: an empty market shows '—' and 0.
 */
export function MarketplaceStats({ market }: { market: MarketSelection }) {
  const { data } = useMarketplace(market);
  const averagePrice = data?.averagePrice;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="marketplace-stats">
      <StatCard
        label="Average Price"
        value={averagePrice ? formatUsdCents(priceToCents(averagePrice)) : '—'}
        caption="24 h trades, from the order book"
        Icon={IconCurrencyDollar}
        testId="stat-average-price"
      />
      <StatCard
        label="24h Volume"
        value={count.format(data?.volume24h ?? 0)}
        caption="credits traded, from the order book"
        Icon={IconChartBar}
        testId="stat-volume"
      />
      <StatCard
        label="Active Listings"
        value={count.format(data?.activeListings ?? 0)}
        caption="open orders, from the order book"
        Icon={IconListDetails}
        testId="stat-active-listings"
      />
    </SimpleGrid>
  );
}
