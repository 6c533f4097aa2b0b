import { Alert, Center, Grid, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAmmState } from '../../api/get-amm-state';
import { AmmPoolStatus } from '../AmmPoolStatus/AmmPoolStatus';
import { AmmPriceHistory } from '../AmmPriceHistory/AmmPriceHistory';
import { AmmReservesHistory } from '../AmmReservesHistory/AmmReservesHistory';
import { LatestTradeCard } from '../LatestTradeCard/LatestTradeCard';
import { ProofOfReservesCard } from '../ProofOfReservesCard/ProofOfReservesCard';
import { RecentSwaps } from '../RecentSwaps/RecentSwaps';
import { SwapQuoteForm } from '../SwapQuoteForm/SwapQuoteForm';
import { WalletAppLinks } from '../WalletAppLinks/WalletAppLinks';

export function AmmPoolMonitor() {
  const amm = useAmmState();

  return (
    <Stack gap="lg" data-testid="amm-pool-monitor">
      {amm.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load AMM data" data-testid="amm-error">
          Check that AMM monitoring is active and the service can reach the XRP Ledger.
        </Alert>
      )}
      {amm.isPending && (
        <Center py="md">
          <Loader aria-label="Loading AMM pool" data-testid="amm-loading" />
        </Center>
      )}
      {amm.data && <AmmPoolStatus state={amm.data} />}
      {/* The pool's NXCC are backed by the vault like any other (docs/vault.md). */}
      <ProofOfReservesCard />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <AmmPriceHistory />
        <AmmReservesHistory />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {amm.data && <RecentSwaps swaps={amm.data.swapHistory} />}
            {amm.data && <LatestTradeCard trade={amm.data.lastTrade} />}
            <WalletAppLinks />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <SwapQuoteForm />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
