import type { OrderView } from '@carbon-ledger/contracts';
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { orderStatusStyle } from './order-status-style';
import { orderTotalCents } from './order-total';

export interface OrderRowProps {
  order: OrderView;
  onCancel: (order: OrderView) => void;
  cancelling: boolean;
  /** Only the owner (or an admin) may cancel: others' orders offer no Cancel. */
  canCancel?: boolean;
}

export function OrderRow({ order, onCancel, cancelling, canCancel = true }: OrderRowProps) {
  const status = orderStatusStyle(order.status);
  const side = order.type.toUpperCase();

  return (
    <Paper withBorder radius="md" p="sm" data-testid="order-row" data-order-id={order.id} data-status={order.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={status.color} radius="xl" size="lg" data-testid="order-status-icon">
            <status.Icon size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap={6}>
              <Badge variant="filled" color={order.type === 'buy' ? 'teal' : 'orange'} data-testid="order-side-badge">
                {side}
              </Badge>
              <Badge variant="light" color={status.color} data-testid="order-status-badge" data-color={status.color}>
                {order.status.replace('_', ' ')}
              </Badge>
            </Group>
            <Text size="sm" fw={500} data-testid="order-project">
              {order.projectType} · {order.vintage}
            </Text>
            <CreditLabels labels={order.labels ?? []} />
            <Text size="sm" c="dimmed" data-testid="order-quantity">
              {/* A fixed product text: 'N credits' even for one credit. */}
              {`${order.amount} credits @ ${formatUsdCents(priceToCents(order.price))}`}
            </Text>
            {order.filled > 0 && order.status !== 'completed' && (
              <Text size="xs" c="dimmed" data-testid="order-filled">
                {`${order.filled} of ${order.amount} traded`}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          <Text fw={700} data-testid="order-total">
            {formatUsdCents(orderTotalCents(order))}
          </Text>
          {canCancel && (order.status === 'pending' || order.status === 'partially_filled') && (
            <Button size="compact-xs" variant="subtle" color="red" loading={cancelling} onClick={() => onCancel(order)} data-testid="order-cancel">
              Cancel
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
