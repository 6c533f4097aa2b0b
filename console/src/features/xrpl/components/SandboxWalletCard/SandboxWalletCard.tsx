import { publicFaucetUrls, type XrplNetwork } from '@carbon-ledger/contracts';
import { Alert, Anchor, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessageOf } from '../../../../shared/api/http';
import { type CreatedSandboxWallet, useCreateSandboxWallet } from '../../api/fund-sandbox-wallet';
import { generateBrowserWallet, type GeneratedWallet } from '../../signing/browser-signer';
import { CopyableAddress } from '../CopyableAddress/CopyableAddress';

export interface SandboxWalletCardProps {
  readonly network: XrplNetwork | undefined;
  /** Called with the new wallet's address, so the screen signs with it. */
  readonly onCreated: (address: string) => void;
  /** How the wallet is made: xrpl.js in this browser (tests under jsdom, whose typed arrays xrpl.js refuses, hand in a known key pair). */
  readonly generateWallet?: () => Promise<GeneratedWallet>;
}

function SeedOnce({ created, onSaved }: { created: CreatedSandboxWallet; onSaved: () => void }) {
  return (
    <Stack gap="sm" data-testid="sandbox-wallet-created">
      <Text size="sm">Funded with {created.funding.amountXrp.toLocaleString('en-US')} XRP from the sandbox faucet.</Text>
      <CopyableAddress address={created.wallet.address} size="sm" />
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Save this seed now" data-testid="sandbox-wallet-warning">
        It is shown once and never sent to the server. Whoever has it controls this wallet; you need it to verify the address and to sign every transaction.
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all', flex: 1 }} data-testid="sandbox-wallet-seed">
          {created.wallet.seed}
        </Code>
        <CopyButton value={created.wallet.seed}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'teal' : 'blue'}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              data-testid="sandbox-wallet-copy-seed"
            >
              {copied ? 'Copied' : 'Copy seed'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Button variant="default" onClick={onSaved} data-testid="sandbox-wallet-saved">
        I have saved the seed
      </Button>
    </Stack>
  );
}

/**
 * A way in, like the public testnet's faucet: on the sandbox the browser generates a wallet, shows
 * its seed once and asks the service's faucet to fund it; elsewhere the card links to the network's
 * public faucet (none on mainnet).
 */
export function SandboxWalletCard({ network, onCreated, generateWallet = generateBrowserWallet }: SandboxWalletCardProps) {
  const create = useCreateSandboxWallet(generateWallet);
  const [shown, setShown] = useState<CreatedSandboxWallet | undefined>(undefined);
  if (network === undefined || network === 'mainnet') return null;
  if (network !== 'sandbox') {
    return (
      <Card withBorder padding="lg" radius="md" data-testid="public-faucet">
        <Text size="sm">
          Need a {network} wallet?{' '}
          <Anchor href={publicFaucetUrls[network]} target="_blank" rel="noopener noreferrer">
            Get one from the public {network} faucet
          </Anchor>
          .
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" radius="md" data-testid="sandbox-wallet">
      <Title order={3} size="h5" mb="xs">
        New here?
      </Title>
      {shown ? (
        <SeedOnce created={shown} onSaved={() => setShown(undefined)} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Create a wallet on the sandbox ledger: it is generated in this browser and funded by the sandbox faucet.
          </Text>
          <Button
            leftSection={<IconWallet size={16} />}
            loading={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: (created) => {
                  setShown(created);
                  onCreated(created.wallet.address);
                },
              })
            }
            data-testid="sandbox-wallet-create"
          >
            Create a sandbox wallet
          </Button>
          {create.isError && (
            <Text size="sm" c="red" data-testid="sandbox-wallet-error">
              {serverMessageOf(create.error, 'The sandbox faucet could not fund the wallet. Please try again.')}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
