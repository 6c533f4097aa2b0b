import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RoleRequiredFieldsetProps {
  /** False: the form is shown disabled under the note, so the user learns before filling it in. */
  allowed: boolean;
  note: string;
  children: ReactNode;
}

/** A form the signed-in user's roles do not permit: shown, disabled (a disabled fieldset disables every control in it), with why. */
export function RoleRequiredFieldset({ allowed, note, children }: RoleRequiredFieldsetProps) {
  if (allowed) return children;
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Not available to your account" data-testid="role-required-note">
        {note}
      </Alert>
      <fieldset disabled aria-label={note} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid="role-required-fieldset">
        {children}
      </fieldset>
    </Stack>
  );
}
