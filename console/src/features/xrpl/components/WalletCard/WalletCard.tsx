import { platformWalletLabels, type WalletBalance, type XrplNetwork } from '@carbon-ledger/contracts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { explorerAccountUrl } from '../../../../shared/xrpl/explorer-links';
import { networkLabels } from '../../xrpl-network';
import { formatUsdAmount, groupDecimal } from '../../xrpl-format';
import { CopyableAddress } from '../CopyableAddress/CopyableAddress';

export interface WalletCardProps {
  wallet: WalletBalance;
  network: XrplNetwork | undefined;
  /** XRP in USD; only mainnet has one. */
  xrpPriceUsd: number | undefined;
}

function XrpValueLine({ wallet, network, xrpPriceUsd }: WalletCardProps) {
  if (network === 'mainnet') {
    const xrp = Number(wallet.balance);
    return (
      <Text size="xs" c="dimmed" data-testid="wallet-usd">
        {xrpPriceUsd !== undefined && Number.isFinite(xrp) ? `≈ ${formatUsdAmount(xrp * xrpPriceUsd)} USD` : 'USD value unavailable'}
      </Text>
    );
  }
  // Networks other than mainnet show the network name instead of a USD value.
  return (
    <Text size="xs" c="dimmed" data-testid="wallet-network-name">
      {network ? `${networkLabels[network]} XRP` : 'XRP'}
    </Text>
  );
}

export function WalletCard(props: WalletCardProps) {
  const { wallet, network } = props;
  const funded = wallet.status === 'funded';
  return (
    <Card withBorder padding="lg" radius="md" data-testid="wallet-card" data-role={wallet.role} data-status={wallet.status}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Text fw={600} data-testid="wallet-role">
          {platformWalletLabels[wallet.role]}
        </Text>
        <Badge variant="light" color={funded ? 'green' : 'yellow'} data-testid="wallet-status">
          {funded ? 'Funded' : 'Unfunded'}
        </Badge>
      </Group>
      <CopyableAddress address={wallet.address} href={explorerAccountUrl(network, wallet.address)} />
      <Group justify="space-between" align="flex-end" mt="md" wrap="nowrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={500}>
            XRP Balance
          </Text>
          <Text fz={22} fw={700} lh={1.3} data-testid="wallet-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {groupDecimal(wallet.balance)} XRP
          </Text>
          <XrpValueLine {...props} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed" fw={500}>
            {wallet.role === 'issuer' ? 'NXCC issued' : 'NXCC balance'}
          </Text>
          <Text fw={600} data-testid="wallet-credit-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {wallet.creditBalance !== undefined ? groupDecimal(wallet.creditBalance) : '—'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="wallet-sequence">
            Sequence {wallet.sequence ?? '—'}
          </Text>
        </Stack>
      </Group>
      {wallet.error && (
        <Text size="xs" c="red" mt="sm" data-testid="wallet-error">
          {wallet.error}
        </Text>
      )}
    </Card>
  );
}
