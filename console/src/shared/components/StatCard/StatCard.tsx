import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

export interface StatCardProps {
  label: string;
  value: string;
  /** A dimmed line under the value. */
  caption?: string;
  Icon: TablerIcon;
  testId: string;
}

/** A summary figure with its label and icon: the Trading Desk, Marketplace and dashboard cards. */
export function StatCard({ label, value, caption, Icon, testId }: StatCardProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} mt={4} data-testid={testId}>
            {value}
          </Text>
          {caption !== undefined && (
            <Text size="xs" c="dimmed" mt={4}>
              {caption}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
