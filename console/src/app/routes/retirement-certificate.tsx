import { Anchor, Box, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { RetirementCertificate } from '../../features/credits/components/RetirementCertificate/RetirementCertificate';
import { useXrplNetwork } from '../../features/xrpl/api/get-network';

/**
 * Public (no session): anyone holding a certificate link can verify it. The network is known
 * only to signed-in users; without it explorer links fall back to testnet (`shared/xrpl/explorer-links.ts`).
 */
export function RetirementCertificateRoute() {
  const { id = '' } = useParams();
  const network = useXrplNetwork();

  return (
    <Box mih="100vh" bg="gray.0">
      <Container size="md" py="xl" component="main">
        <Anchor component={Link} to="/" underline="never" mb="lg" display="inline-block">
          <Group gap={8} wrap="nowrap">
            <ThemeIcon radius="xl" size="lg" variant="filled">
              <IconLeaf size={20} />
            </ThemeIcon>
            <Text fw={800} size="lg" c="carbon.9">
              NXCC Carbon Ledger
            </Text>
          </Group>
        </Anchor>
        <RetirementCertificate id={id} network={network.data?.network} />
      </Container>
    </Box>
  );
}
