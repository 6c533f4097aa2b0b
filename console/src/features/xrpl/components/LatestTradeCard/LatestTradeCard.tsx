import type { AmmStateResponse } from '@carbon-ledger/contracts';
import { Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { formatLedgerTime } from '../../xrpl-format';
import { SectionCard, SectionIcon } from '../../../../shared/components/SectionCard/SectionCard';

export function LatestTradeCard({ trade }: { trade: AmmStateResponse['lastTrade'] }) {
  return (
    <SectionCard title="Latest Trade" headerGap="xs" data-testid="amm-latest-trade" aside={<SectionIcon Icon={IconBolt} color="yellow" />}>
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
    </SectionCard>
  );
}
