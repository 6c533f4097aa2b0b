import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { UserView } from '@carbon-ledger/contracts';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../../api/logout';
import { showSignOutFailedToast } from '../../auth-toasts';
import { RoleBadges } from '../RoleBadges/RoleBadges';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The signed-in user's account: who they are, what they may do, and the way out. */
export function ProfileCard({ user }: { user: UserView }) {
  const logout = useLogout();

  return (
    <Card withBorder radius="md" padding="lg" data-testid="profile-card">
      <Group justify="space-between" align="center" gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar color="teal" radius="xl" size={56}>
            {initialsOf(user.name)}
          </Avatar>
          <Stack gap={4}>
            <Text fw={700} fz="lg" data-testid="profile-name">
              {user.name}
            </Text>
            <Text c="dimmed" fz="sm" data-testid="profile-email">
              {user.email}
            </Text>
            <RoleBadges roles={user.roles} />
          </Stack>
        </Group>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onError: showSignOutFailedToast })}
        >
          Sign out
        </Button>
      </Group>
    </Card>
  );
}
