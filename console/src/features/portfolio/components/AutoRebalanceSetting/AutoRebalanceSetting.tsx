import { Badge, Group, Switch, Text } from '@mantine/core';

/** As the product defines it, the Auto Rebalance setting is displayed as Disabled and cannot be changed. */
export function AutoRebalanceSetting() {
  return (
    <Group justify="space-between" data-testid="auto-rebalance">
      <div>
        <Text fw={500}>Auto Rebalance</Text>
        <Text size="sm" c="dimmed">
          Suggestions are applied only when you implement them.
        </Text>
      </div>
      <Group gap="xs">
        <Badge color="gray" variant="light">
          Disabled
        </Badge>
        <Switch aria-label="Auto Rebalance" checked={false} disabled readOnly />
      </Group>
    </Group>
  );
}
