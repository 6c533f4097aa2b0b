import { kycPassed } from '@carbon-ledger/contracts';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../features/auth/api/get-session';
import { IssueCreditsForm } from '../../features/credits/components/IssueCreditsForm/IssueCreditsForm';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { KycStatusPanel } from '../../features/kyc/components/KycStatusPanel/KycStatusPanel';
import { KycStatusTiles } from '../../features/kyc/components/KycStatusTiles/KycStatusTiles';
import { KycVerification } from '../../features/kyc/components/KycVerification/KycVerification';

/** Spec: Issue Carbon Credits (/issue). The KYC panel opens on request or when KYC is required. */
export function IssueCreditsRoute() {
  const session = useSession();
  const [address, setAddress] = useState('');
  const [kycPanelOpen, setKycPanelOpen] = useState(false);
  const status = useKycStatus(address);
  const trimmed = address.trim();
  const openKycPanel = () => setKycPanelOpen(true);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Issue Carbon Credits</Title>
        <Text c="dimmed">Register a verified project batch; issuing needs a verified KYC and a passed AML screening.</Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <KycStatusPanel address={address} onAddressChange={setAddress} onStartVerification={openKycPanel} />
            {kycPanelOpen && (
              // Verifying refreshes the address's status itself (useVerifyKyc), which enables issuing.
              <KycVerification initialAddress={trimmed} onAddressChange={setAddress} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {session.data && (
            <IssueCreditsForm
              xrplAddress={trimmed}
              kycPassed={status.data !== undefined && kycPassed(status.data)}
              onKycRequired={openKycPanel}
              draftOwnerId={session.data.id}
              verificationStatus={<KycStatusTiles address={address} />}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
