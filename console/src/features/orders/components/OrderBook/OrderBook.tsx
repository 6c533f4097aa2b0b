import type { OrderScope, OrderView } from '@carbon-ledger/contracts';
import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { useCancelOrder } from '../../api/cancel-order';
import { useOrders } from '../../api/list-orders';
import { showCancelFailedToast, showOrderCancelledToast } from '../../order-toasts';
import { OrderRow } from '../OrderRow/OrderRow';

export interface OrderBookProps {
  scope?: OrderScope;
  /** Who may cancel which order (the service's rule: the owner, or an admin); all when not given. */
  canCancel?: (order: OrderView) => boolean;
}

export function OrderBook({ scope = 'mine', canCancel = () => true }: OrderBookProps) {
  const orders = useOrders(scope);
  const cancelOrder = useCancelOrder();

  const handleCancel = (order: OrderView) =>
    cancelOrder.mutate(order.id, {
      onSuccess: showOrderCancelledToast,
      onError: showCancelFailedToast,
    });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="order-book">
      <Title order={2} size="h4" mb="md">
        Order Book
      </Title>
      {orders.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load orders" mb="sm" data-testid="order-book-error">
          {describeError(orders.error)}
        </Alert>
      )}
      {orders.isPending && !orders.error && (
        <Center py="xl">
          <Loader aria-label="Loading orders" data-testid="order-book-loading" />
        </Center>
      )}
      {orders.data?.orders.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="order-book-empty">
          No orders yet. Create your first order!
        </Text>
      )}
      {orders.data && orders.data.orders.length > 0 && (
        <Stack gap="xs">
          {orders.data.orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              onCancel={handleCancel}
              cancelling={cancelOrder.isPending && cancelOrder.variables === order.id}
              canCancel={canCancel(order)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
