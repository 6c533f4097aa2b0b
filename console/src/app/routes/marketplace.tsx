import { marketplaceCreditTypes, marketplaceVintageOptions } from '@carbon-ledger/contracts';
import { Anchor, Breadcrumbs, Grid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { useFunds } from '../../features/funds/api/get-funds';
import { BuyReservationRows } from '../../features/funds/components/BuyReservationRows/BuyReservationRows';
import { FundsPanel } from '../../features/funds/components/FundsPanel/FundsPanel';
import { useXrplNetwork } from '../../features/xrpl/api/get-network';
import type { MarketSelection } from '../../features/orders/api/get-marketplace';
import { MarketOrderBook } from '../../features/orders/components/MarketOrderBook/MarketOrderBook';
import { MarketplaceOrderForm } from '../../features/orders/components/MarketplaceOrderForm/MarketplaceOrderForm';
import { MarketplaceStats } from '../../features/orders/components/MarketplaceStats/MarketplaceStats';
import { OrderBookDepthChart } from '../../features/orders/components/OrderBookDepthChart/OrderBookDepthChart';
import { RecentTrades } from '../../features/orders/components/RecentTrades/RecentTrades';

const defaultMarket: MarketSelection = {
  creditType: marketplaceCreditTypes[0].value,
  vintage: marketplaceVintageOptions(new Date())[0]!,
};

/** The Marketplace screen (/trade). The chosen credit type and vintage pick the market every panel shows. */
export function MarketplaceRoute() {
  const session = useSession();
  const [market, setMarket] = useState<MarketSelection>(defaultMarket);
  const funds = useFunds();
  const network = useXrplNetwork();
  const label = marketplaceCreditTypes.find((type) => type.value === market.creditType)?.label ?? market.creditType;

  return (
    <Stack gap="lg">
      <div>
        <Breadcrumbs mb="xs" fz="sm">
          <Anchor component={Link} to="/dashboard">
            Dashboard
          </Anchor>
          <Text fz="sm">Trading</Text>
        </Breadcrumbs>
        <Title order={1}>Carbon Credit Marketplace</Title>
        <Text c="dimmed" data-testid="marketplace-market">
          {label}, vintage {market.vintage}
        </Text>
      </div>
      <MarketplaceStats market={market} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <MarketplaceOrderForm
              market={market}
              onMarketChange={setMarket}
              accountId={session.data?.id ?? ''}
              fundsRows={(order) => (
                <BuyReservationRows order={order} availableFunds={funds.data?.available} testIdPrefix="marketplace" reservationLabel="Reserved with the fee" />
              )}
            />
            <FundsPanel sandbox={network.data?.network === 'sandbox'} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <MarketOrderBook market={market} />
            <OrderBookDepthChart market={market} />
            <RecentTrades market={market} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
