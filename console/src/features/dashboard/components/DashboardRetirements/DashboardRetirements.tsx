import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';

/** Stands in for the spec's retirement records and progress until credits are retired. */
export function DashboardRetirements() {
  return (
    <Card withBorder padding="xl" radius="md" data-testid="dashboard-retirements">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="xl" radius="md">
          <IconLeaf size={24} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            Retirements
          </Title>
          <Text c="dimmed" mt={4}>
            Retirement records, progress toward the 1,000 tCO2e target and SDG impact appear here once credits are
            retired on the ledger.
          </Text>
        </div>
      </Group>
    </Card>
  );
}
