import { Box, Container, Group, Text } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';

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
          <Text c="rgba(255,255,255,0.6)" fz="xs">
            Market prices are shown for information only and are not an offer to trade.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
