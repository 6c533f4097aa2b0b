import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a `TileGroup`: a status, a score, a stage. */
export function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

interface TileGroupProps {
  title: string;
  'data-testid': string;
  /** Under the tiles: what the row does not say by itself. */
  below?: ReactNode;
  children: ReactNode;
}

/** A titled row of `Tile`s, four across (two on a phone): where something stands at a glance. */
export function TileGroup({ title, 'data-testid': testId, below, children }: TileGroupProps) {
  return (
    <div data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {children}
      </SimpleGrid>
      {below}
    </div>
  );
}
