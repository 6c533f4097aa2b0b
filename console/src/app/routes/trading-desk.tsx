import { canOversee, type OrderScope, type OrderView } from '@carbon-ledger/contracts';
import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { CreateOrderForm } from '../../features/orders/components/CreateOrderForm/CreateOrderForm';
import { DirectOffers } from '../../features/credits/components/DirectOffers/DirectOffers';
import { useFunds } from '../../features/funds/api/get-funds';
import { BuyReservationRows } from '../../features/funds/components/BuyReservationRows/BuyReservationRows';
import { OrderBook } from '../../features/orders/components/OrderBook/OrderBook';
import { OrderScopeControl } from '../../features/orders/components/OrderScopeControl/OrderScopeControl';
import { OrderSummaryCards } from '../../features/orders/components/OrderSummaryCards/OrderSummaryCards';
import { RefreshOrdersButton } from '../../features/orders/components/RefreshOrdersButton/RefreshOrdersButton';

/** The "Mine / All" choice rides in the URL (?orders=all), so a reload or a shared link keeps it. */
const SCOPE_PARAM = 'orders';

/**
 * The Trading Desk lists and counts the user's own orders; compliance, auditors and admins
 * (`oversightRoles`) may switch to all users' orders.
 */
export function TradingDeskRoute() {
  const { data: user } = useSession();
  const funds = useFunds();
  const [searchParams, setSearchParams] = useSearchParams();
  const canSwitch = user ? canOversee(user.roles) : false;
  const scope: OrderScope = canSwitch && searchParams.get(SCOPE_PARAM) === 'all' ? 'all' : 'mine';
  const changeScope = (next: OrderScope) =>
    setSearchParams(
      (params) => {
        const kept = new URLSearchParams(params);
        if (next === 'all') kept.set(SCOPE_PARAM, 'all');
        else kept.delete(SCOPE_PARAM);
        return kept;
      },
      { replace: true },
    );
  // The service's cancel rule: the owner, or an admin.
  const canCancel = (order: OrderView) => !!user && (order.ownerId === user.id || user.roles.includes('admin'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Trading Desk</Title>
          <Text c="dimmed">Manage your carbon credit orders</Text>
        </div>
        <Group gap="sm">
          {canSwitch && <OrderScopeControl value={scope} onChange={changeScope} />}
          <RefreshOrdersButton scope={scope} />
        </Group>
      </Group>
      <OrderSummaryCards scope={scope} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CreateOrderForm
            fundsRows={(order) => (
              <BuyReservationRows order={order} availableFunds={funds.data?.available} testIdPrefix="order" reservationLabel="Reserved with the 0.5% fee" />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <OrderBook scope={scope} canCancel={canCancel} />
            <DirectOffers />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
