import { Card, Group, type MantineColor, type MantineSpacing, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  /** At the right of the title: an icon, a count, a toggle. */
  aside?: ReactNode;
  /** A screen's own sections are headed h2; the cards inside a tab, h3 in a smaller size. */
  level?: 2 | 3;
  /** The space between the header and the content. */
  headerGap?: MantineSpacing;
  'data-testid': string;
  children: ReactNode;
}

/** A bordered card headed by its title, with what belongs beside the title at the right. */
export function SectionCard({ title, aside, level = 3, headerGap = 'sm', 'data-testid': testId, children }: SectionCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Group justify="space-between" mb={headerGap}>
        <Title order={level} size={level === 2 ? 'h4' : 'h5'}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** An icon as a SectionCard's `aside`, marking what the card is about. */
export function SectionIcon({ Icon, color }: { Icon: TablerIcon; color?: MantineColor }) {
  return (
    <ThemeIcon variant="light" color={color} radius="md">
      <Icon size={16} />
    </ThemeIcon>
  );
}
