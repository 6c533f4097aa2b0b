import { kycPassed } from '@carbon-ledger/contracts';
import { Anchor, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { isKycLookupAddress, useKycStatus } from '../../api/get-kyc-status';
import { KycStatusBadge } from '../KycStatusBadge/KycStatusBadge';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';

export interface KycStatusPanelProps {
  address: string;
  onAddressChange: (address: string) => void;
  /** Shows the embedded verification panel (the issue screen has no modal). */
  onStartVerification: () => void;
}

/** The address a screen acts with, its KYC and AML badges and the way to verify it. */
export function KycStatusPanel({ address, onAddressChange, onStartVerification }: KycStatusPanelProps) {
  const status = useKycStatus(address);
  const passed = status.data !== undefined && kycPassed(status.data);

  return (
    <TitledCard title="KYC Status" level={2} data-testid="kyc-status-panel">
      <Stack gap="sm">
        <TextInput
          label="XRPL Address"
          description="The KYC-verified address the credits are issued with"
          placeholder="r..."
          value={address}
          onChange={(event) => onAddressChange(event.currentTarget.value)}
          data-testid="kyc-panel-address"
        />
        {!isKycLookupAddress(address) ? (
          <Text c="dimmed" size="sm">
            Enter an XRPL address to see its verification status.
          </Text>
        ) : status.isPending ? (
          <Loader size="sm" aria-label="Checking KYC status" />
        ) : status.isError ? (
          <Text c="red" size="sm" data-testid="kyc-panel-error">
            {describeError(status.error)}
          </Text>
        ) : (
          <Group gap="md">
            <Group gap={6}>
              <Text size="sm">KYC</Text>
              <KycStatusBadge status={status.data.kycStatus} testId="kyc-panel-kyc-badge" />
            </Group>
            <Group gap={6}>
              <Text size="sm">AML</Text>
              <KycStatusBadge status={status.data.amlStatus} testId="kyc-panel-aml-badge" />
            </Group>
          </Group>
        )}
        {!passed && (
          <Anchor component="button" type="button" size="sm" ta="left" onClick={onStartVerification} data-testid="kyc-panel-start-link">
            Start verification process
          </Anchor>
        )}
      </Stack>
    </TitledCard>
  );
}
