import type { AmmStateResponse } from '@carbon-ledger/contracts';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { formatLedgerTime } from '../../xrpl-format';

export function LatestTradeCard({ trade }: { trade: AmmStateResponse['lastTrade'] }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="amm-latest-trade">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Latest Trade
        </Title>
        <ThemeIcon variant="light" color="yellow" radius="md">
          <IconBolt size={16} />
        </ThemeIcon>
      </Group>
      {trade ? (
        <>
          <Text fz={22} fw={700} ff="monospace" data-testid="amm-latest-trade-amount">
            {trade.amount}
          </Text>
          <Text size="sm" mt={4}>
            {trade.sdgImpact}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {formatLedgerTime(trade.timestamp)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No trade through the pool yet.
        </Text>
      )}
    </Card>
  );
}
