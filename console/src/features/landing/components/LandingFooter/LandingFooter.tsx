import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';

export function LandingFooter() {
  return (
    <Box component="footer" bg="#03211f" py="xl">
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Group gap={8}>
            <IconLeaf size={18} color="var(--mantine-color-teal-4)" aria-hidden />
            <Text c="white" fw={600} fz="sm">
              NXCC Carbon Ledger
            </Text>
          </Group>
          {/* The hero's section links hide on small screens; the registry stays reachable here. */}
          <Anchor component={Link} to="/registry" c="teal.3" fz="sm" data-testid="landing-registry-link">
            Public registry: projects, issuances and retirements
          </Anchor>
          <Text c="rgba(255,255,255,0.6)" fz="xs">
            Market prices are shown for information only and are not an offer to trade.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
