import { Grid, Stack, Text, Title } from '@mantine/core';
import { CreateUserForm } from '../CreateUserForm/CreateUserForm';
import { UserList } from '../UserList/UserList';

/** The Users section of the profile page; only admins are shown it (the server refuses everyone else). */
export function UserAdministration({ currentUserId }: { currentUserId: string }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="users-title" data-testid="users-section">
      <div>
        <Title order={2} id="users-title">
          Users
        </Title>
        <Text c="dimmed">Create accounts and choose what each person may do.</Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CreateUserForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <UserList currentUserId={currentUserId} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
