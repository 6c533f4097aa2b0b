import { RECENT_SWAPS_SHOWN, type AmmStateResponse } from '@carbon-ledger/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { formatLedgerTime, groupDecimal } from '../../xrpl-format';
import { SectionCard } from '../../../../shared/components/SectionCard/SectionCard';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';

export function RecentSwaps({ swaps }: { swaps: AmmStateResponse['swapHistory'] }) {
  const shown = swaps.slice(0, RECENT_SWAPS_SHOWN);
  return (
    <SectionCard
      title="Recent Swaps"
      data-testid="amm-recent-swaps"
      aside={
        <Text size="xs" c="dimmed">
          Latest {RECENT_SWAPS_SHOWN}
        </Text>
      }
    >
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm" data-testid="amm-swaps-empty">
          No recent swap activity
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" highlightOnHover>
            <TableHeader columns={['Swap', { label: 'Amount', align: 'right' }, 'SDG Impact', 'Time']} />
            <Table.Tbody>
              {shown.map((swap) => (
                <Table.Tr key={swap.hash} data-testid="amm-swap-row">
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color="blue" size="sm">
                        {swap.fromAsset}
                      </Badge>
                      <IconArrowRight size={14} aria-label="to" />
                      <Badge variant="light" color="carbon" size="sm">
                        {swap.toAsset}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {groupDecimal(swap.amount)} {swap.toAsset}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{swap.sdgImpact}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="xs" c="dimmed">
                      {formatLedgerTime(swap.timestamp)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
