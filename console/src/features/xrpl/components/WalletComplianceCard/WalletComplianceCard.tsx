import type { PlatformWalletRole, WalletBalance } from '@carbon-ledger/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { SectionCard, SectionIcon } from '../../../../shared/components/SectionCard/SectionCard';

/** What each platform wallet does for compliance on a live ledger. */
const complianceDuties: { role: PlatformWalletRole; duty: string }[] = [
  { role: 'issuer', duty: 'Credit issuance and retirement' },
  { role: 'kyc_issuer', duty: 'KYC credentials for verified traders' },
  { role: 'audit_anchor', duty: 'Ledger seals anchored on XRPL' },
];

/** Mainnet only: whether the wallets behind issuance, KYC credentials and audit anchoring can act. */
export function WalletComplianceCard({ wallets }: { wallets: WalletBalance[] }) {
  return (
    <SectionCard title="Compliance Status" data-testid="wallet-compliance-status" aside={<SectionIcon Icon={IconShieldCheck} />}>
      <Stack gap="xs">
        {complianceDuties.map(({ role, duty }) => {
          const ready = wallets.some((wallet) => wallet.role === role && wallet.status === 'funded');
          return (
            <Group key={role} justify="space-between" wrap="nowrap">
              <Text size="sm">{duty}</Text>
              <Badge variant="light" color={ready ? 'green' : 'yellow'} data-testid={`compliance-${role}`}>
                {ready ? 'Ready' : 'Needs funding'}
              </Badge>
            </Group>
          );
        })}
        <Text size="xs" c="dimmed" mt={4}>
          Platform wallet seeds stay inside the service.
        </Text>
      </Stack>
    </SectionCard>
  );
}
