import type { AmmStateResponse } from '@carbon-ledger/contracts';
import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBank, IconCoin, IconLeaf, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { groupDecimal } from '../../xrpl-format';

interface StatCardProps {
  label: string;
  Icon: TablerIcon;
  color?: MantineColor;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}

function StatCard({ label, Icon, color, children, footer, testId }: StatCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      {/* Label and icon share the top row so the figure below gets the card's full width. */}
      <Group justify="space-between" align="center" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" size="md" radius="md" color={color}>
          <Icon size={16} />
        </ThemeIcon>
      </Group>
      <div style={{ minWidth: 0 }}>{children}</div>
      {footer && (
        <Text size="xs" c="dimmed" mt={6}>
          {footer}
        </Text>
      )}
    </Card>
  );
}

function Figure({ children, unit, testId }: { children: ReactNode; unit?: string; testId: string }) {
  return (
    <Text fz={24} fw={700} lh={1.25} mt={4} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {children}
      {unit && (
        <Text span fz="sm" fw={600} c="dimmed">
          {` ${unit}`}
        </Text>
      )}
    </Text>
  );
}

/** NXCC's price in XRP implied by the reserves (constant product, before fees). */
function impliedPrice(state: AmmStateResponse): string | undefined {
  const xrp = Number(state.poolReserves?.asset1.amount);
  const credits = Number(state.poolReserves?.asset2.amount);
  if (!(xrp > 0) || !(credits > 0)) return undefined;
  return `1 ${state.poolReserves?.asset2.currency} ≈ ${(xrp / credits).toFixed(6)} ${state.poolReserves?.asset1.currency}`;
}

export function AmmPoolStatus({ state }: { state: AmmStateResponse | undefined }) {
  const reserves = state?.poolReserves;
  const price = state && impliedPrice(state);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <StatCard
        label="Pool Status"
        Icon={IconBuildingBank}
        color={state?.isActive ? 'carbon' : 'gray'}
        testId="amm-status-card"
        footer={state?.tradingFeePercent != null ? `Trading fee ${state.tradingFeePercent}%` : 'No pool on the ledger yet'}
      >
        <Badge mt={8} size="lg" variant="light" color={state?.isActive ? 'green' : 'gray'} data-testid="amm-pool-status">
          {state?.isActive ? 'Active' : 'Inactive'}
        </Badge>
        {state?.poolAccount && (
          <Text size="xs" c="dimmed" ff="monospace" mt={6} truncate="end" title={state.poolAccount} data-testid="amm-pool-account">
            {state.poolAccount}
          </Text>
        )}
      </StatCard>
      <StatCard label="XRP Reserve" Icon={IconCoin} color="blue" testId="amm-xrp-reserve-card" footer="Asset 1 of the pool">
        <Figure testId="amm-reserve-asset1" unit={reserves?.asset1.currency}>
          {reserves ? groupDecimal(reserves.asset1.amount) : '—'}
        </Figure>
      </StatCard>
      <StatCard label="NXCC Reserve" Icon={IconLeaf} testId="amm-nxcc-reserve-card" footer={price ?? 'Asset 2 of the pool'}>
        <Figure testId="amm-reserve-asset2" unit={reserves?.asset2.currency}>
          {reserves ? groupDecimal(reserves.asset2.amount) : '—'}
        </Figure>
      </StatCard>
      <StatCard label="Swaps" Icon={IconArrowsExchange} color="grape" testId="amm-swap-count-card" footer="Cross-currency payments through the pool">
        <Figure testId="amm-swap-count">{state ? state.swapCount.toLocaleString('en-US') : '—'}</Figure>
      </StatCard>
    </SimpleGrid>
  );
}
