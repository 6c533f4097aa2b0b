import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconExternalLink, IconWallet } from '@tabler/icons-react';
import { useXrplNetwork } from '../../api/get-network';

const walletApps = [
  { label: 'Open in Xaman', href: 'https://xaman.app', testId: 'open-xaman' },
  { label: 'XRP Toolkit', href: 'https://www.xrptoolkit.com', testId: 'open-xrp-toolkit' },
] as const;

/** Swaps are signed in the trader's own wallet app; the console only links out to it. */
export function WalletAppLinks() {
  const network = useXrplNetwork();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="wallet-app-links">
      <Title order={3} size="h5" mb={4}>
        Trade from your wallet
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Sign swaps in an external XRPL wallet; your keys never reach this console.
      </Text>
      <Group gap="sm">
        {walletApps.map((app) => (
          <Button
            key={app.href}
            component="a"
            href={app.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconWallet size={16} />}
            rightSection={<IconExternalLink size={14} />}
            data-testid={app.testId}
          >
            {app.label}
          </Button>
        ))}
      </Group>
      {network.data?.network === 'sandbox' && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="wallet-app-sandbox-note">
          External wallets connect to public XRPL networks; this console runs on the local sandbox ledger.
        </Text>
      )}
    </Card>
  );
}
