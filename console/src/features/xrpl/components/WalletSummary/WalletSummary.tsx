import type { WalletBalanceResponse } from '@carbon-ledger/contracts';
import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconHeartbeat, IconWallet, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatUsdAmount, groupDecimal } from '../../xrpl-format';

type SummaryStatus = WalletBalanceResponse['summary']['status'];

const statusStyles: Record<SummaryStatus, { label: string; color: string }> = {
  operational: { label: 'Operational', color: 'green' },
  needs_funding: { label: 'Needs Funding', color: 'yellow' },
  disconnected: { label: 'Disconnected', color: 'red' },
};

function SummaryCard({ label, Icon, children }: { label: string; Icon: TablerIcon; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {children}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export interface WalletSummaryProps {
  summary: WalletBalanceResponse['summary'];
  xrpPriceUsd: number | undefined;
}

export function WalletSummary({ summary, xrpPriceUsd }: WalletSummaryProps) {
  const status = statusStyles[summary.status];
  const total = Number(summary.totalBalance);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <SummaryCard label="Total Balance" Icon={IconCoins}>
        <Text fz={26} fw={700} lh={1.25} mt={4} data-testid="wallet-total-balance">
          {groupDecimal(summary.totalBalance)} XRP
        </Text>
        {summary.network === 'mainnet' && xrpPriceUsd !== undefined && Number.isFinite(total) && (
          <Text size="xs" c="dimmed" data-testid="wallet-total-usd">
            ≈ {formatUsdAmount(total * xrpPriceUsd)} USD
          </Text>
        )}
      </SummaryCard>
      <SummaryCard label="Funded Wallets" Icon={IconWallet}>
        <Text fz={26} fw={700} lh={1.25} mt={4} data-testid="wallet-funded-count">
          {summary.fundedWallets}/{summary.totalWallets}
        </Text>
      </SummaryCard>
      <SummaryCard label="Status" Icon={IconHeartbeat}>
        <Badge
          mt={8}
          size="lg"
          variant="light"
          color={status.color}
          data-testid="wallet-summary-status"
          data-status={summary.status}
        >
          {status.label}
        </Badge>
      </SummaryCard>
    </SimpleGrid>
  );
}
