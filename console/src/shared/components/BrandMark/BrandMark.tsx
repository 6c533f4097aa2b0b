import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';

/** The product's leaf and name: dark on the public pages' light ground, white on the landing hero. */
export function BrandMark({ onDark = false }: { onDark?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      {onDark ? (
        <ThemeIcon variant="white" color="teal" radius="xl" size="lg" aria-hidden>
          <IconLeaf size={20} />
        </ThemeIcon>
      ) : (
        <ThemeIcon radius="xl" size="lg" variant="filled">
          <IconLeaf size={20} />
        </ThemeIcon>
      )}
      {onDark ? (
        <Text fw={700} c="white" fz="lg">
          NXCC Carbon Ledger
        </Text>
      ) : (
        <Text fw={800} size="lg" c="carbon.9">
          NXCC Carbon Ledger
        </Text>
      )}
    </Group>
  );
}
