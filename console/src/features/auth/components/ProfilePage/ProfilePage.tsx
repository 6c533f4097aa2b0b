import { Stack, Text, Title } from '@mantine/core';
import { isAdmin, useSession } from '../../api/get-session';
import { ProfileCard } from '../ProfileCard/ProfileCard';
import { SessionList } from '../SessionList/SessionList';
import { UserAdministration } from '../UserAdministration/UserAdministration';

export function ProfilePage() {
  const { data: user } = useSession();
  // The session guard shows this page only once the user is known.
  if (!user) return null;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Profile</Title>
        <Text c="dimmed">Your account and what you may do with it.</Text>
      </div>
      <ProfileCard user={user} />
      <SessionList />
      {isAdmin(user) && <UserAdministration currentUserId={user.id} />}
    </Stack>
  );
}
