import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { roles, type Role, type UserView } from '@carbon-ledger/contracts';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { useGrantRole } from '../../api/grant-role';
import { useUsers } from '../../api/list-users';
import { useRevokeRole } from '../../api/revoke-role';
import { showRoleChangeFailedToast, showRoleGrantedToast, showRoleRevokedToast } from '../../auth-toasts';
import { RoleBadges } from '../RoleBadges/RoleBadges';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { SectionHeading } from '../SectionHeading/SectionHeading';

const LOADING_ROWS = 3;

function UserRow({ user, isYou }: { user: UserView; isYou: boolean }) {
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const [roleToGrant, setRoleToGrant] = useState<Role | null>(null);
  const grantable = roles.filter((role) => !user.roles.includes(role));
  const busy = grant.isPending || revoke.isPending;

  const grantChosenRole = () => {
    if (roleToGrant === null) return;
    grant.mutate(
      { userId: user.id, role: roleToGrant },
      {
        onSuccess: (changed) => {
          setRoleToGrant(null);
          showRoleGrantedToast(changed, roleToGrant);
        },
        onError: showRoleChangeFailedToast,
      },
    );
  };

  const revokeRole = (role: Role) =>
    revoke.mutate({ userId: user.id, role }, { onSuccess: (changed) => showRoleRevokedToast(changed, role), onError: showRoleChangeFailedToast });

  return (
    <Table.Tr data-testid="user-row" data-email={user.email}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} fz="sm">
            {user.name}
          </Text>
          {isYou && (
            <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
              You
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <RoleBadges roles={user.roles} onRevoke={revokeRole} revokeLabel={(role) => `Revoke ${role} from ${user.name}`} disabled={busy} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Select<Role>
            size="xs"
            w={130}
            placeholder={grantable.length === 0 ? 'All granted' : 'Add role'}
            aria-label={`Role to grant to ${user.name}`}
            data={grantable}
            value={roleToGrant}
            onChange={setRoleToGrant}
            disabled={grantable.length === 0 || busy}
          />
          <Button
            size="xs"
            variant="light"
            color="teal"
            leftSection={<IconPlus size={14} />}
            aria-label={`Grant role to ${user.name}`}
            disabled={roleToGrant === null}
            loading={grant.isPending}
            onClick={grantChosenRole}
          >
            Grant
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function UserTableBody({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();

  if (users.isPending) {
    return Array.from({ length: LOADING_ROWS }, (_, index) => (
      <Table.Tr key={index} aria-busy="true">
        <Table.Td colSpan={3}>
          <Skeleton height={28} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  }
  if (users.isError) {
    return (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load users" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{describeError(users.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void users.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  }
  return users.data.users.map((user) => <UserRow key={user.id} user={user} isYou={user.id === currentUserId} />);
}

/** Admins only: every account, with its roles to grant or revoke. */
export function UserList({ currentUserId }: { currentUserId: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="user-list-title">
      <Stack gap="md">
        <SectionHeading id="user-list-title" title="All users" description="Grant a role with the selector; remove one with the x on its badge." />
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="sm" data-testid="user-list">
            <TableHeader columns={['User', 'Roles', 'Grant role']} />
            <Table.Tbody>
              <UserTableBody currentUserId={currentUserId} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
