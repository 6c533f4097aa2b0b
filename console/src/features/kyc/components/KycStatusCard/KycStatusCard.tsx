import { kycPassed } from '@carbon-ledger/contracts';
import { Anchor, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { isKycLookupAddress, useKycStatus } from '../../api/get-kyc-status';
import { KycModal } from '../KycModal/KycModal';
import { KycStatusBadge } from '../KycStatusBadge/KycStatusBadge';
import { Identifier } from '../../../../shared/components/Identifier/Identifier';

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function riskColor(score: number): string {
  if (score >= 70) return 'red';
  if (score >= 40) return 'yellow';
  return 'green';
}

export interface KycStatusCardProps {
  address: string;
  /** Offers the 'Start verification process' link (and modal) while KYC has not passed. */
  withStartLink?: boolean;
}

export function KycStatusCard({ address, withStartLink = false }: KycStatusCardProps) {
  const status = useKycStatus(address);
  const [modalOpen, setModalOpen] = useState(false);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="kyc-status-card">
      <Title order={3} size="h4" mb="md">
        KYC Status
      </Title>
      {!isKycLookupAddress(address) ? (
        <Text c="dimmed" size="sm">
          Enter an XRPL address to see its verification status.
        </Text>
      ) : status.isPending ? (
        <Loader size="sm" />
      ) : status.isError ? (
        <Text c="red" size="sm" data-testid="kyc-status-error">
          {describeError(status.error)}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">KYC</Text>
            <KycStatusBadge status={status.data.kycStatus} testId="kyc-status-badge" />
          </Group>
          <Group justify="space-between">
            <Text size="sm">AML</Text>
            <KycStatusBadge status={status.data.amlStatus} testId="aml-status-badge" />
          </Group>
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="sm">Risk score</Text>
              <Text size="sm" fw={600} data-testid="kyc-risk-score">
                {status.data.riskScore}/100
              </Text>
            </Group>
            <Progress value={status.data.riskScore} color={riskColor(status.data.riskScore)} size="sm" />
          </div>
          {status.data.expiresAt && (
            <Group justify="space-between">
              <Text size="sm">Expires</Text>
              <Text size="sm" data-testid="kyc-expires-at">
                {formatDate(status.data.expiresAt)}
              </Text>
            </Group>
          )}
          {status.data.credential.issued && (
            <Stack gap={2} data-testid="kyc-credential">
              <Text size="sm">XRPL credential issued</Text>
              {status.data.credential.txHash && <Identifier value={status.data.credential.txHash} />}
            </Stack>
          )}
          {withStartLink && !kycPassed(status.data) && (
            <Anchor component="button" type="button" size="sm" onClick={() => setModalOpen(true)} data-testid="kyc-start-link">
              Start verification process
            </Anchor>
          )}
        </Stack>
      )}
      {withStartLink && <KycModal opened={modalOpen} onClose={() => setModalOpen(false)} address={address} />}
    </Card>
  );
}
