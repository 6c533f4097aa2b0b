import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';

/**
 * Stands in for the spec's overview (metric cards, recent activity, compliance overview)
 * until credits are issued through the ledger; it shows no sample figures on purpose.
 */
export function DashboardOverview() {
  return (
    <Card withBorder padding="xl" radius="md" data-testid="dashboard-overview">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="xl" radius="md">
          <IconLayoutDashboard size={24} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            Overview
          </Title>
          <Text c="dimmed" mt={4}>
            Total credits issued, portfolio value, credits retired, CO2 offset and recent activity appear here once
            credits are issued and retired on the ledger.
          </Text>
        </div>
      </Group>
    </Card>
  );
}
