import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { HeaderNavigation } from '../HeaderNavigation/HeaderNavigation';

export function AppLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <HeaderNavigation />
      <Container size="xl" py="xl" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
