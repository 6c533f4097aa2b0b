import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { SessionView } from '@carbon-ledger/contracts';
import { IconDevices } from '@tabler/icons-react';
import { serverMessageOf } from '../../../../shared/api/http';
import { showToast } from '../../../../shared/toast/show-toast';
import { useSessions } from '../../api/list-sessions';
import { useRevokeSession } from '../../api/revoke-session';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';

const when = (iso: string): string => new Date(iso).toLocaleString();

/** The signed-in user's sessions (where and when they signed in, last seen), each of which can be ended. */
export function SessionList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();

  const end = (session: SessionView) =>
    revoke.mutate(session.id, {
      onSuccess: () => showToast({ title: 'Session Ended', message: 'That device is signed out' }),
      onError: (error) => showToast({ title: 'Ending Session Failed', message: serverMessageOf(error, 'Failed to end the session'), color: 'red' }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sessions-title" data-testid="session-list">
      <Stack gap="md">
        <Group gap="xs">
          <IconDevices size={20} />
          <Title order={3} id="sessions-title">
            Sessions
          </Title>
        </Group>
        <Text c="dimmed" fz="sm">
          Where you are signed in. End any session you do not recognise.
        </Text>
        {sessions.isPending && <Loader size="sm" />}
        {sessions.isError && <Text c="red">Failed to load your sessions</Text>}
        {sessions.data && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <TableHeader columns={['Signed in', 'Last seen', 'Browser', 'Address', '']} />
              <Table.Tbody>
                {sessions.data.sessions.map((session) => (
                  <Table.Tr key={session.id} data-testid="session-row" data-current={session.current}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fz="sm">{when(session.createdAt)}</Text>
                        {session.current && (
                          <Badge size="sm" color="teal" variant="light">
                            This session
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td fz="sm">{when(session.lastSeenAt)}</Table.Td>
                    <Table.Td fz="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
                      {session.userAgent ?? 'Unknown'}
                    </Table.Td>
                    <Table.Td fz="sm">{session.address ?? 'Unknown'}</Table.Td>
                    <Table.Td>
                      {/* This session ends with Log out, which also leaves the page. */}
                      {!session.current && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => end(session)}
                          loading={revoke.isPending && revoke.variables === session.id}
                        >
                          End session
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
