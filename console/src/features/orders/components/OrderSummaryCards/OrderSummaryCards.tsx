import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconCurrencyDollar, IconListDetails, type TablerIcon } from '@tabler/icons-react';
import { useOrders } from '../../api/list-orders';
import { summarizeOrders } from './order-summary';

interface SummaryCardProps {
  label: string;
  value: string;
  Icon: TablerIcon;
  testId: string;
}

function SummaryCard({ label, value, Icon, testId }: SummaryCardProps) {
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
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function OrderSummaryCards() {
  const { data } = useOrders();
  const summary = summarizeOrders(data);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <SummaryCard
        label="Total Orders"
        value={String(summary.totalOrders)}
        Icon={IconListDetails}
        testId="summary-total-orders"
      />
      <SummaryCard
        label="Pending Orders"
        value={String(summary.pendingOrders)}
        Icon={IconClock}
        testId="summary-pending-orders"
      />
      <SummaryCard
        label="Avg. Price"
        value={summary.averagePrice}
        Icon={IconCurrencyDollar}
        testId="summary-average-price"
      />
    </SimpleGrid>
  );
}
