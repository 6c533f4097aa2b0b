import type { WalletBalanceResponse } from '@carbon-ledger/contracts';
import { Badge, SimpleGrid, Text } from '@mantine/core';
import { IconCoins, IconHeartbeat, IconWallet } from '@tabler/icons-react';
import { StatCardFrame } from '../../../../shared/components/StatCard/StatCard';
import { formatUsdAmount, groupDecimal } from '../../xrpl-format';

type SummaryStatus = WalletBalanceResponse['summary']['status'];

const statusStyles: Record<SummaryStatus, { label: string; color: string }> = {
  operational: { label: 'Operational', color: 'green' },
  needs_funding: { label: 'Needs Funding', color: 'yellow' },
  disconnected: { label: 'Disconnected', color: 'red' },
};

export interface WalletSummaryProps {
  summary: WalletBalanceResponse['summary'];
  xrpPriceUsd: number | undefined;
}

export function WalletSummary({ summary, xrpPriceUsd }: WalletSummaryProps) {
  const status = statusStyles[summary.status];
  const total = Number(summary.totalBalance);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCardFrame label="Total Balance" Icon={IconCoins}>
        <Text fz={26} fw={700} lh={1.25} mt={4} data-testid="wallet-total-balance">
          {groupDecimal(summary.totalBalance)} XRP
        </Text>
        {summary.network === 'mainnet' && xrpPriceUsd !== undefined && Number.isFinite(total) && (
          <Text size="xs" c="dimmed" data-testid="wallet-total-usd">
            ≈ {formatUsdAmount(total * xrpPriceUsd)} USD
          </Text>
        )}
      </StatCardFrame>
      <StatCardFrame label="Funded Wallets" Icon={IconWallet}>
        <Text fz={26} fw={700} lh={1.25} mt={4} data-testid="wallet-funded-count">
          {summary.fundedWallets}/{summary.totalWallets}
        </Text>
      </StatCardFrame>
      <StatCardFrame label="Status" Icon={IconHeartbeat}>
        <Badge mt={8} size="lg" variant="light" color={status.color} data-testid="wallet-summary-status" data-status={summary.status}>
          {status.label}
        </Badge>
      </StatCardFrame>
    </SimpleGrid>
  );
}
