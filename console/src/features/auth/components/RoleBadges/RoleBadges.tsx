import { Badge, CloseButton, Group, type MantineColor } from '@mantine/core';
import { roles as allRoles, type Role } from '@carbon-ledger/contracts';

const roleColors: Record<Role, MantineColor> = {
  trader: 'teal',
  issuer: 'blue',
  verifier: 'indigo',
  registry: 'cyan',
  compliance: 'grape',
  auditor: 'orange',
  admin: 'red',
};

export interface RoleBadgesProps {
  roles: readonly Role[];
  /** Adds an x to each badge; `revokeLabel` names its button for screen readers. */
  onRevoke?: (role: Role) => void;
  revokeLabel?: (role: Role) => string;
  disabled?: boolean;
}

export function RoleBadges({ roles, onRevoke, revokeLabel = (role) => `Revoke ${role}`, disabled }: RoleBadgesProps) {
  // Always in the contract's order, whatever order the server lists them in.
  const ordered = allRoles.filter((role) => roles.includes(role));
  return (
    <Group gap={6} data-testid="role-badges">
      {ordered.map((role) => (
        <Badge
          key={role}
          color={roleColors[role]}
          variant="light"
          radius="sm"
          data-testid="role-badge"
          data-role={role}
          pr={onRevoke ? 3 : undefined}
          rightSection={
            onRevoke ? (
              <CloseButton
                size="xs"
                radius="xl"
                variant="transparent"
                c={roleColors[role]}
                aria-label={revokeLabel(role)}
                disabled={disabled}
                onClick={() => onRevoke(role)}
              />
            ) : undefined
          }
        >
          {role}
        </Badge>
      ))}
    </Group>
  );
}
