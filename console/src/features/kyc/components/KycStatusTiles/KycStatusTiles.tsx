import { Text } from '@mantine/core';
import { Tile, TileGroup } from '../../../../shared/components/TileGroup/TileGroup';
import { useKycStatus } from '../../api/get-kyc-status';
import { KycStatusBadge } from '../KycStatusBadge/KycStatusBadge';

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The issue screen's verification status tiles (KYC, AML, risk score, expiry) of an address. */
export function KycStatusTiles({ address }: { address: string }) {
  // Disabled (no data) until the address is long enough to look up: shown as not started.
  const { data } = useKycStatus(address);

  return (
    <TileGroup title="Verification Status" data-testid="kyc-status-tiles">
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
    </TileGroup>
  );
}
