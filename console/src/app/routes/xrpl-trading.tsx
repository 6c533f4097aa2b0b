import { ISSUER_ROLE_REQUIRED_MESSAGE, issuingRoles, kycPassed } from '@carbon-ledger/contracts';
import { Card, Grid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBank, IconCertificate, IconLeaf } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../features/auth/api/get-session';
import { HoldingSelect } from '../../features/credits/components/HoldingSelect/HoldingSelect';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { KycModal } from '../../features/kyc/components/KycModal/KycModal';
import { KycStatusCard } from '../../features/kyc/components/KycStatusCard/KycStatusCard';
import { useXrplNetwork } from '../../features/xrpl/api/get-network';
import { useWalletBalances } from '../../features/xrpl/api/get-wallet-balances';
import { RealtimeUpdatesCard } from '../../features/realtime/components/RealtimeUpdatesCard/RealtimeUpdatesCard';
import { ProofOfReservesCard } from '../../features/xrpl/components/ProofOfReservesCard/ProofOfReservesCard';
import { SandboxWalletCard } from '../../features/xrpl/components/SandboxWalletCard/SandboxWalletCard';
import { XrplIssueForm } from '../../features/xrpl/components/XrplIssueForm/XrplIssueForm';
import { XrplRedeemForm } from '../../features/xrpl/components/XrplRedeemForm/XrplRedeemForm';
import { XrplRetireForm } from '../../features/xrpl/components/XrplRetireForm/XrplRetireForm';
import { XrplTokenizeForm } from '../../features/xrpl/components/XrplTokenizeForm/XrplTokenizeForm';
import { XrplTradeForm } from '../../features/xrpl/components/XrplTradeForm/XrplTradeForm';
import type { XrplActionFormProps } from '../../features/xrpl/xrpl-action-submit';
import { RoleRequiredFieldset } from '../../shared/components/RoleRequiredFieldset/RoleRequiredFieldset';

/** The Vault tab: the registry holdings load only while it is open (a hidden tab runs no effects). */
function VaultPanel(props: XrplActionFormProps) {
  return (
    <Stack gap="lg">
      <ProofOfReservesCard />
      <XrplTokenizeForm
        {...props}
        holdingPicker={(field) => (
          <HoldingSelect
            label="Token ID"
            required
            placeholder="Choose credits you hold"
            emptyPlaceholder="You hold no registry credits to tokenize"
            data-testid="xrpl-tokenize-token"
            optionLabel={(holding) => `${holding.tokenId} · ${holding.projectName} (${holding.tradable} available)`}
            {...field}
          />
        )}
      />
      <XrplRedeemForm {...props} />
    </Stack>
  );
}

/**
 * The XRPL Carbon Trading screen (/xrpl). Every action is signed by the address entered
 * here, in the browser; its KYC status gates the tabs (issuing also needs AML).
 */
export function XrplTradingRoute() {
  const { data: user } = useSession();
  const [address, setAddress] = useState('');
  const [kycModalOpen, setKycModalOpen] = useState(false);
  const status = useKycStatus(address);
  const balances = useWalletBalances(false);
  const network = useXrplNetwork();
  const platformIssuer = balances.data?.wallets.find((wallet) => wallet.role === 'issuer')?.address;
  const mayIssue = status.data !== undefined && kycPassed(status.data);
  const mayTrade = status.data?.kycStatus === 'verified';
  const openKycModal = () => setKycModalOpen(true);
  const trimmed = address.trim();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>XRPL Carbon Trading</Title>
        <Text c="dimmed">Issue, trade and retire credits on the XRP Ledger; your wallet signs in this browser.</Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg" radius="md">
              <TextInput
                label="XRPL Address"
                description="The KYC-verified address that signs your transactions"
                placeholder="r..."
                data-testid="xrpl-address"
                value={address}
                onChange={(event) => setAddress(event.currentTarget.value)}
              />
            </Card>
            <SandboxWalletCard network={network.data?.network} onCreated={setAddress} />
            <KycStatusCard address={address} withStartLink />
            <RealtimeUpdatesCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs defaultValue="issue">
            <Tabs.List mb="lg">
              <Tabs.Tab value="issue" leftSection={<IconCertificate size={16} />}>
                Issue Credits
              </Tabs.Tab>
              <Tabs.Tab value="trade" leftSection={<IconArrowsExchange size={16} />}>
                Trade AMM
              </Tabs.Tab>
              <Tabs.Tab value="retire" leftSection={<IconLeaf size={16} />}>
                Retire
              </Tabs.Tab>
              {/* Added to the product's three tabs: NXCC exist only for credits in the vault (docs/vault.md), so tokenize and redeem need a place. */}
              <Tabs.Tab value="vault" leftSection={<IconBuildingBank size={16} />}>
                Vault
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="issue">
              <RoleRequiredFieldset
                allowed={!user || user.roles.some((role) => (issuingRoles as readonly string[]).includes(role))}
                note={ISSUER_ROLE_REQUIRED_MESSAGE}
              >
                <XrplIssueForm xrplAddress={trimmed} kycPassed={mayIssue} onKycRequired={openKycModal} />
              </RoleRequiredFieldset>
            </Tabs.Panel>
            <Tabs.Panel value="trade">
              <XrplTradeForm xrplAddress={trimmed} kycPassed={mayTrade} onKycRequired={openKycModal} platformIssuer={platformIssuer} />
            </Tabs.Panel>
            <Tabs.Panel value="retire">
              <XrplRetireForm xrplAddress={trimmed} kycPassed={mayTrade} onKycRequired={openKycModal} platformIssuer={platformIssuer} />
            </Tabs.Panel>
            <Tabs.Panel value="vault">
              <VaultPanel xrplAddress={trimmed} kycPassed={mayTrade} onKycRequired={openKycModal} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
      <KycModal opened={kycModalOpen} onClose={() => setKycModalOpen(false)} address={trimmed} />
    </Stack>
  );
}
