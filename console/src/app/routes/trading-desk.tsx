import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { CreateOrderForm } from '../../features/orders/components/CreateOrderForm/CreateOrderForm';
import { OrderBook } from '../../features/orders/components/OrderBook/OrderBook';
import { OrderSummaryCards } from '../../features/orders/components/OrderSummaryCards/OrderSummaryCards';
import { RefreshOrdersButton } from '../../features/orders/components/RefreshOrdersButton/RefreshOrdersButton';

export function TradingDeskRoute() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Trading Desk</Title>
          <Text c="dimmed">Manage your carbon credit orders</Text>
        </div>
        <RefreshOrdersButton />
      </Group>
      <OrderSummaryCards />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CreateOrderForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <OrderBook />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
