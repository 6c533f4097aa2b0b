import { Card, Group, SimpleGrid, type SimpleGridProps, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface StatCardFrameProps {
  label: string;
  Icon: TablerIcon;
  /** What stands under the label: a figure, a badge. */
  children: ReactNode;
}

/** The summary card's frame: label above the content, icon at the right. */
export function StatCardFrame({ label, Icon, children }: StatCardFrameProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {children}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

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
    <StatCardFrame label={label} Icon={Icon}>
      <Text fz={28} fw={700} lh={1.2} mt={4} data-testid={testId}>
        {value}
      </Text>
      {caption !== undefined && (
        <Text size="xs" c="dimmed" mt={4}>
          {caption}
        </Text>
      )}
    </StatCardFrame>
  );
}

export interface StatCardGridProps {
  cards: readonly StatCardProps[];
  cols: SimpleGridProps['cols'];
  testId?: string;
}

/** A row of summary figures, one StatCard each, that wraps on narrow screens. */
export function StatCardGrid({ cards, cols, testId }: StatCardGridProps) {
  return (
    <SimpleGrid cols={cols} data-testid={testId}>
      {cards.map((card) => (
        <StatCard key={card.testId} {...card} />
      ))}
    </SimpleGrid>
  );
}
