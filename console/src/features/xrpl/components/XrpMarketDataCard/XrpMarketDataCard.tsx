import type { XrpMarketDataResponse } from '@carbon-ledger/contracts';
import { Alert, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';
import { formatLedgerTime, formatPercentChange, formatUsdCompact, formatUsdPrice } from '../../xrpl-format';
import { SectionCard, SectionIcon } from '../../../../shared/components/SectionCard/SectionCard';

export interface XrpMarketDataCardProps {
  data: XrpMarketDataResponse | undefined;
  error: Error | null;
  pending: boolean;
}

function Metric({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}

/** Mainnet only: XRP in USD from the service's price source. */
export function XrpMarketDataCard({ data, error, pending }: XrpMarketDataCardProps) {
  return (
    <SectionCard title="XRP Market Data" data-testid="xrp-market-data" aside={<SectionIcon Icon={IconChartLine} color="blue" />}>
      {pending && <Skeleton height={60} />}
      {error && !data && (
        <Alert color="gray" variant="light" data-testid="xrp-market-data-error">
          Unable to load price data. {describeError(error)}
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Metric label="Price" testId="xrp-price">
              {formatUsdPrice(data.price_usd)}
            </Metric>
            <Metric label="24h Change" testId="xrp-change">
              <Text span inherit c={data.price_change_24h >= 0 ? 'green' : 'red'}>
                {formatPercentChange(data.price_change_24h)}
              </Text>
            </Metric>
            <Metric label="Market Cap" testId="xrp-market-cap">
              {formatUsdCompact(data.market_cap)}
            </Metric>
            <Metric label="24h Volume" testId="xrp-volume">
              {formatUsdCompact(data.volume_24h)}
            </Metric>
          </SimpleGrid>
          <Text size="xs" c={data.stale ? 'orange' : 'dimmed'} mt="sm" data-testid="xrp-market-data-updated">
            {data.stale
              ? `Stale: the price source is unreachable; last value from ${formatLedgerTime(data.last_updated)}`
              : `Updated ${formatLedgerTime(data.last_updated)}`}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
