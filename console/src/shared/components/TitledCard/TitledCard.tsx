import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TitledCardProps {
  title: string;
  /** A screen's own sections are headed h2; the cards inside a tab, h3 in a smaller size. */
  level?: 2 | 3;
  'data-testid': string;
  children: ReactNode;
}

/** A bordered card with its title above its content (`SectionCard` when something stands beside the title). */
export function TitledCard({ title, level = 3, 'data-testid': testId, children }: TitledCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Title order={level} size={level === 2 ? 'h4' : 'h5'} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
