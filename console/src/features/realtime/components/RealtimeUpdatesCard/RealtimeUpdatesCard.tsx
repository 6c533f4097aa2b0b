import { newCreditMessage, newTradeMessage, socketEvents } from '@carbon-ledger/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useRealtimeConnection, useRealtimeMessage } from '../RealtimeProvider/RealtimeProvider';
import { addRealtimeUpdate, creditUpdate, type RealtimeUpdate, tradeUpdate } from '../../realtime-updates';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString();
}

/** The /xrpl realtime card, the 10 newest newTrade / newCredit messages. */
export function RealtimeUpdatesCard() {
  const connection = useRealtimeConnection();
  const [updates, setUpdates] = useState<RealtimeUpdate[]>([]);

  useRealtimeMessage(
    socketEvents.newTrade,
    useCallback((payload: unknown) => {
      const parsed = newTradeMessage.safeParse(payload);
      if (parsed.success) setUpdates((current) => addRealtimeUpdate(current, tradeUpdate(parsed.data)));
    }, []),
  );
  useRealtimeMessage(
    socketEvents.newCredit,
    useCallback((payload: unknown) => {
      const parsed = newCreditMessage.safeParse(payload);
      if (parsed.success) setUpdates((current) => addRealtimeUpdate(current, creditUpdate(parsed.data)));
    }, []),
  );

  return (
    <Card withBorder padding="lg" radius="md" data-testid="realtime-updates-card">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <IconActivity size={18} />
          <Title order={3} size="h4">
            Real-time Updates
          </Title>
        </Group>
        <Badge color={connection === 'connected' ? 'green' : 'gray'} variant="dot" data-testid="realtime-connection">
          {connection === 'connected' ? 'Live' : 'Disconnected'}
        </Badge>
      </Group>
      {updates.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="realtime-updates-empty">
          Waiting for blockchain activity...
        </Text>
      ) : (
        <Stack gap="xs" data-testid="realtime-updates">
          {updates.map((update) => (
            <Group key={update.key} justify="space-between" wrap="nowrap" data-testid="realtime-update">
              <Group gap="xs" wrap="nowrap">
                <Badge color={update.kind === 'trade' ? 'blue' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
                  {update.kind === 'trade' ? 'Trade' : 'Credits'}
                </Badge>
                <Text size="sm">{update.description}</Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatTime(update.timestamp)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
