import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { describeError } from '../../../../shared/api/http';
import { useSession } from '../../api/get-session';
import { useSessionExpiry } from '../../use-session-expiry';

/** The landing page opens the login dialog for `login=1` and returns to `next` after sign-in. */
export function loginPathFor({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams({ login: '1', next: `${pathname}${search}${hash}` });
  return `/?${params.toString()}`;
}

/** Layout route: its children need a signed-in user. */
export function SessionGuard() {
  const session = useSession();
  const location = useLocation();
  useSessionExpiry();

  if (session.data) return <Outlet />;
  // A cached "signed out" that is being re-checked (e.g. right after a login) is not final yet.
  if (session.data === null && !session.isFetching) return <Navigate to={loginPathFor(location)} replace />;
  if (session.isError && !session.isFetching) {
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to check your session" maw={480}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{describeError(session.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void session.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  return (
    <Center mih="100vh" role="status" aria-label="Checking your session">
      <Loader color="teal" />
    </Center>
  );
}
