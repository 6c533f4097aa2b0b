import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { isAdmin, useSession } from '../../../features/auth/api/get-session';
import { StuckProjectionsAlert } from '../../../features/health/components/StuckProjectionsAlert/StuckProjectionsAlert';
import { HeaderNavigation } from '../HeaderNavigation/HeaderNavigation';

export function AppLayout() {
  const { data: user } = useSession();
  return (
    <Box mih="100vh" bg="gray.0">
      <HeaderNavigation />
      <Container size="xl" py="xl" component="main">
        <StuckProjectionsAlert visible={user ? isAdmin(user) : false} />
        <Outlet />
      </Container>
    </Box>
  );
}
