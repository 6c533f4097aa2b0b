import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../../shared/format/plural';

/** Users per jurisdiction as bars relative to the total. */
export function JurisdictionBreakdown({ breakdown }: { breakdown: Readonly<Record<string, number>> }) {
  const entries = Object.entries(breakdown).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return (
    <Stack gap="sm" data-testid="jurisdiction-breakdown">
      {entries.map(([jurisdiction, count]) => (
        <div key={jurisdiction} data-testid="jurisdiction-row">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {jurisdiction}
            </Text>
            <Text size="sm" c="dimmed">
              {formatCount(count, 'user')}
            </Text>
          </Group>
          <Progress value={total === 0 ? 0 : (count / total) * 100} size="md" aria-label={`${jurisdiction} users`} />
        </div>
      ))}
    </Stack>
  );
}
