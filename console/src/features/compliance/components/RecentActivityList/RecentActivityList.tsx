import type { ComplianceActivity } from '@carbon-ledger/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatUsd } from '../../../../shared/format/format-usd';
import { formatCount } from '../../../../shared/format/plural';

export function RecentActivityList({ activity }: { activity: readonly ComplianceActivity[] }) {
  if (activity.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="recent-activity-empty">
        No recent activity
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="recent-activity">
      {activity.map((entry, index) => (
        <Group key={`${entry.createdAt}-${index}`} justify="space-between" wrap="nowrap" data-testid="recent-activity-row">
          <Group gap="xs">
            <Text size="sm" fw={600} tt="capitalize">
              {entry.type}
            </Text>
            {entry.credits !== null && (
              <Text size="sm" data-testid="recent-activity-credits">
                {formatCount(entry.credits, 'credit')}
              </Text>
            )}
            <Text size="sm" data-testid="recent-activity-amount">
              {formatUsd(entry.amount)}
            </Text>
            {entry.isHighRisk && (
              <Badge color="red" size="sm" variant="light">
                high risk
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {new Date(entry.createdAt).toLocaleString()}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
