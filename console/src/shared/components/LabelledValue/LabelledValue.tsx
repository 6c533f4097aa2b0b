import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small uppercase label over its value (the value brings its own text style): a field of a record, a certificate, a result. */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}
