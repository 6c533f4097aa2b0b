import { Button, Group } from '@mantine/core';

/** A registry form's one submit button, at its right; it spins while the request is under way. */
export function SubmitRow({ label, pending, testId }: { label: string; pending: boolean; testId: string }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
