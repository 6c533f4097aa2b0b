import type { XrplNetwork } from '@carbon-ledger/contracts';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useXrplNetwork } from '../../api/get-network';
import { useWalletBalances } from '../../api/get-wallet-balances';
import { useWalletTransactions } from '../../api/get-wallet-transactions';
import { useXrpMarketData } from '../../api/get-xrp-market-data';
import { formatLedgerTime } from '../../xrpl-format';
import { FundingInstructions } from '../FundingInstructions/FundingInstructions';
import { TransactionHistory, type ExplorerTarget } from '../TransactionHistory/TransactionHistory';
import { WalletCard } from '../WalletCard/WalletCard';
import { WalletComplianceCard } from '../WalletComplianceCard/WalletComplianceCard';
import { WalletSummary } from '../WalletSummary/WalletSummary';
import { XrpMarketDataCard } from '../XrpMarketDataCard/XrpMarketDataCard';
import { XrplNetworkBadge } from '../XrplNetworkBadge/XrplNetworkBadge';
import { formatCount, pluralWord } from '../../../../shared/format/plural';

export function XrplWallets() {
  // Live mode can be switched off; it starts on so balances stay current.
  const [live, setLive] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const networkQuery = useXrplNetwork();
  const balances = useWalletBalances(live);
  const transactions = useWalletTransactions(live);

  // The balance answer names the network too; it stands in when the network call failed.
  const network: XrplNetwork | undefined = networkQuery.data?.network ?? balances.data?.summary.network;
  const isMainnet = network === 'mainnet';
  const marketData = useXrpMarketData({ live, isMainnet });
  const xrpPriceUsd = isMainnet ? marketData.data?.price_usd : undefined;
  const explorer: ExplorerTarget = {
    settled: network !== undefined || (networkQuery.isError && !balances.isPending),
    network,
  };

  const handleRefresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([balances.refetch(), transactions.refetch(), isMainnet ? marketData.refetch() : undefined]);
    } finally {
      setRefreshing(false);
    }
  };

  const wallets = balances.data?.wallets ?? [];
  const unfunded = wallets.filter((wallet) => wallet.status === 'unfunded').length;

  return (
    <Stack gap="lg" data-testid="xrpl-wallets">
      <Group justify="space-between" align="center">
        <Group gap="md">
          <Title order={2} size="h4">
            Platform Wallets
          </Title>
          <XrplNetworkBadge
            network={network}
            pending={networkQuery.isPending && balances.isPending}
            connected={networkQuery.data?.connected}
            ledgerIndex={networkQuery.data?.ledgerIndex}
          />
        </Group>
        <Group gap="md">
          {balances.dataUpdatedAt > 0 && (
            <Text size="xs" c="dimmed" data-testid="wallets-updated-at">
              Updated {formatLedgerTime(new Date(balances.dataUpdatedAt).toISOString())}
            </Text>
          )}
          <Switch label="Live" checked={live} onChange={(event) => setLive(event.currentTarget.checked)} data-testid="wallets-live-toggle" />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={refreshing}
            onClick={() => void handleRefresh()}
            data-testid="wallets-refresh"
          >
            Refresh
          </Button>
        </Group>
      </Group>

      {balances.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="XRPL Connection Error" data-testid="wallets-connection-error">
          Failed to connect to XRPL network. Please check wallet configuration.
        </Alert>
      )}
      {balances.isPending && (
        <Center py="md">
          <Loader aria-label="Loading wallets" data-testid="wallets-loading" />
        </Center>
      )}

      {balances.data && (
        <>
          <WalletSummary summary={balances.data.summary} xrpPriceUsd={xrpPriceUsd} />
          {isMainnet && (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <XrpMarketDataCard data={marketData.data} error={marketData.error} pending={marketData.isPending} />
              <WalletComplianceCard wallets={wallets} />
            </SimpleGrid>
          )}
          {unfunded > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="wallets-unfunded-alert">
              {unfunded} of {formatCount(wallets.length, 'platform wallet')} {pluralWord(unfunded, 'is', 'are')} not funded yet; see the funding instructions
              below.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {wallets.map((wallet) => (
              <WalletCard key={wallet.role} wallet={wallet} network={network} xrpPriceUsd={xrpPriceUsd} />
            ))}
          </SimpleGrid>
          <FundingInstructions funding={balances.data.funding} unfundedWallets={unfunded} />
        </>
      )}

      <TransactionHistory live={live} explorer={explorer} />
    </Stack>
  );
}
