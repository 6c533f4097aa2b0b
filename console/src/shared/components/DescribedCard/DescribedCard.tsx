import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DescribedCardProps {
  title: string;
  /** What the card does, in a sentence or two under the title. */
  description: string;
  'data-testid': string;
  children: ReactNode;
}

/** A bordered card that says what it is for under its title: the compliance screen's panels. */
export function DescribedCard({ title, description, 'data-testid': testId, children }: DescribedCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}
