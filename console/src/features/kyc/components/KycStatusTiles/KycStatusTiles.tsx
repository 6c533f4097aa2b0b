import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useKycStatus } from '../../api/get-kyc-status';
import { KycStatusBadge } from '../KycStatusBadge/KycStatusBadge';

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The issue screen's verification status tiles (KYC, AML, risk score, expiry) of an address. */
export function KycStatusTiles({ address }: { address: string }) {
  // Disabled (no data) until the address is long enough to look up: shown as not started.
  const { data } = useKycStatus(address);

  return (
    <div data-testid="kyc-status-tiles">
      <Title order={3} size="h5" mb="xs">
        Verification Status
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Tile label="KYC">
          <KycStatusBadge status={data?.kycStatus ?? 'not_started'} testId="tile-kyc-status" />
        </Tile>
        <Tile label="AML">
          <KycStatusBadge status={data?.amlStatus ?? 'not_started'} testId="tile-aml-status" />
        </Tile>
        <Tile label="Risk Score">
          <Text fw={600} data-testid="tile-risk-score">
            {data ? `${data.riskScore}/100` : '—'}
          </Text>
        </Tile>
        <Tile label="Expires">
          <Text fw={600} data-testid="tile-expires-at">
            {data?.expiresAt ? formatDate(data.expiresAt) : '—'}
          </Text>
        </Tile>
      </SimpleGrid>
    </div>
  );
}
