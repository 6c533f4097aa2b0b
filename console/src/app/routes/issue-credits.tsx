import { ISSUER_ROLE_REQUIRED_MESSAGE, issuingRoles, KYC_START_MIN_ADDRESS, kycPassed } from '@carbon-ledger/contracts';
import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../features/auth/api/get-session';
import { IssueCreditsForm } from '../../features/credits/components/IssueCreditsForm/IssueCreditsForm';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { KycStatusPanel } from '../../features/kyc/components/KycStatusPanel/KycStatusPanel';
import { KycStatusTiles } from '../../features/kyc/components/KycStatusTiles/KycStatusTiles';
import { KycVerification } from '../../features/kyc/components/KycVerification/KycVerification';
import { IssuanceProgressTiles } from '../../features/projects/components/IssuanceProgressTiles/IssuanceProgressTiles';
import { RoleRequiredFieldset } from '../../shared/components/RoleRequiredFieldset/RoleRequiredFieldset';

/** The Issue Carbon Credits screen (/issue). The KYC panel opens on request or when KYC is required. */
export function IssueCreditsRoute() {
  const session = useSession();
  const [address, setAddress] = useState('');
  const [kycPanelOpen, setKycPanelOpen] = useState(false);
  const status = useKycStatus(address);
  const trimmed = address.trim();
  const openKycPanel = () => setKycPanelOpen(true);
  const passed = status.data !== undefined && kycPassed(status.data);
  // Issuing requires KYC for this address; say so before the user finds the button disabled.
  const kycRequired = trimmed.length >= KYC_START_MIN_ADDRESS && status.data !== undefined && !passed;

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
          {kycRequired && !kycPanelOpen && (
            <Alert color="yellow" icon={<IconShieldExclamation size={18} />} title="KYC Verification Required" mb="lg" data-testid="issue-kyc-required">
              Issuing needs this address to have KYC verified and AML cleared.{' '}
              <Anchor component="button" type="button" onClick={openKycPanel} fz="sm">
                Start verification process
              </Anchor>
            </Alert>
          )}
          {session.data && (
            <RoleRequiredFieldset
              allowed={session.data.roles.some((role) => (issuingRoles as readonly string[]).includes(role))}
              note={ISSUER_ROLE_REQUIRED_MESSAGE}
            >
              <IssueCreditsForm
                xrplAddress={trimmed}
                kycPassed={passed}
                onKycRequired={openKycPanel}
                draftOwnerId={session.data.id}
                verificationStatus={<KycStatusTiles address={address} />}
                // After a submit: where the filed request stands with the verifier and the registry.
                requestStatus={(issued) => <IssuanceProgressTiles projectId={issued.projectId} reportId={issued.reportId} />}
              />
            </RoleRequiredFieldset>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
