import { Anchor, Box, Container, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../shared/components/BrandMark/BrandMark';

/** A page open without a session: the product's mark leads home, the page's content below it. */
export function PublicPage({ size, children }: { size: MantineSize; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Container size={size} py="xl" component="main">
        <Anchor component={Link} to="/" underline="never" mb="lg" display="inline-block">
          <BrandMark />
        </Anchor>
        {children}
      </Container>
    </Box>
  );
}
