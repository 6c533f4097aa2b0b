import type { OrderScope } from '@carbon-ledger/contracts';
import { SimpleGrid } from '@mantine/core';
import { IconClock, IconCurrencyDollar, IconListDetails } from '@tabler/icons-react';
import { StatCard } from '../../../../shared/components/StatCard/StatCard';
import { useOrders } from '../../api/list-orders';
import { summarizeOrders } from './order-summary';

export function OrderSummaryCards({ scope = 'mine' }: { scope?: OrderScope }) {
  const { data } = useOrders(scope);
  // Each page carries the whole scope's totals: the first page's are the list's.
  const summary = summarizeOrders(data?.pages[0]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard label="Total Orders" value={String(summary.totalOrders)} Icon={IconListDetails} testId="summary-total-orders" />
      <StatCard label="Pending Orders" value={String(summary.pendingOrders)} Icon={IconClock} testId="summary-pending-orders" />
      <StatCard label="Avg. Price" value={summary.averagePrice} Icon={IconCurrencyDollar} testId="summary-average-price" />
    </SimpleGrid>
  );
}
