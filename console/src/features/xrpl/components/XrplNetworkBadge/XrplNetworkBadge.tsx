import type { XrplNetwork } from '@carbon-ledger/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { networkColors, networkLabels } from '../../xrpl-network';

export interface XrplNetworkBadgeProps {
  network: XrplNetwork | undefined;
  /** Whether the service is connected to the ledger, when known. */
  connected?: boolean;
  ledgerIndex?: number | null;
  pending?: boolean;
}

export function XrplNetworkBadge({ network, connected, ledgerIndex, pending }: XrplNetworkBadgeProps) {
  const label = network ? networkLabels[network] : pending ? 'Connecting…' : 'Unknown network';
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge
        size="lg"
        variant="light"
        color={network ? networkColors[network] : 'gray'}
        leftSection={connected !== undefined && <IconCircleFilled size={8} color={connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-red-6)'} />}
        data-testid="xrpl-network-badge"
        data-network={network ?? 'unknown'}
      >
        {label}
      </Badge>
      {ledgerIndex != null && (
        <Text size="xs" c="dimmed" ff="monospace" data-testid="xrpl-ledger-index">
          Ledger #{ledgerIndex.toLocaleString('en-US')}
        </Text>
      )}
      {connected === false && (
        <Text size="xs" c="red">
          Disconnected
        </Text>
      )}
    </Group>
  );
}
