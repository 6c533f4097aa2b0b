import type { VaultReservesResponse } from '@carbon-ledger/contracts';
import { Alert, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconScale } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';
import { useVaultReserves } from '../../api/get-vault-reserves';
import { formatLedgerTime, groupDecimal } from '../../xrpl-format';

function Figure({ label, testId, children, footer }: { label: string; testId: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={22} fw={700} lh={1.3} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {children}
      </Text>
      {footer && (
        <Text size="xs" c="dimmed">
          {footer}
        </Text>
      )}
    </div>
  );
}

/** What the difference means: more NXCC than serials is never backed; fewer is more than the moves in flight explain. */
function describeDifference({ difference, currency }: Pick<VaultReservesResponse, 'difference' | 'currency'>): string {
  const magnitude = groupDecimal(difference.replace(/^[+-]/, ''));
  if (difference.startsWith('-')) {
    return `${difference} ${currency}: ${magnitude} ${magnitude === '1' ? 'credit' : 'credits'} in the vault ${magnitude === '1' ? 'has' : 'have'} no ${currency} on the ledger, beyond what is in flight`;
  }
  return `${difference} ${currency} on the ledger ${magnitude === '1' ? 'is' : 'are'} not backed by credits in the vault`;
}

function Reserves({ reserves }: { reserves: VaultReservesResponse }) {
  const { currency, inFlight } = reserves;
  return (
    <Stack gap="md">
      {!reserves.balanced && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="vault-reserves-difference">
          {describeDifference(reserves)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={`${currency} outstanding on the ledger`} testId="vault-reserves-outstanding" footer="The issuer's obligations">
          {groupDecimal(reserves.outstandingOnLedger)}
        </Figure>
        <Figure label="Credits held in the vault" testId="vault-reserves-held" footer="Registry serials backing them">
          {reserves.heldInVault.toLocaleString('en-US')}
        </Figure>
        <Figure
          label="In flight"
          testId="vault-reserves-in-flight"
          footer={
            <span data-testid="vault-reserves-in-flight-detail">
              {`${inFlight.toPay.toLocaleString('en-US')} to pay · ${inFlight.toRegister.toLocaleString('en-US')} to register`}
            </span>
          }
        >
          {(inFlight.toPay + inFlight.toRegister).toLocaleString('en-US')}
        </Figure>
      </SimpleGrid>
      {reserves.balanced && reserves.difference !== '0' && (
        <Text size="sm" c="dimmed" data-testid="vault-reserves-explained">
          The ledger differs by {reserves.difference} {currency}, explained by the moves in flight.
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="vault-reserves-checked">
        Ledger <span data-testid="vault-reserves-ledger">#{reserves.ledgerIndex.toLocaleString('en-US')}</span> · log position{' '}
        <span data-testid="vault-reserves-position">{reserves.position}</span> · checked {formatLedgerTime(reserves.checkedAt)}
      </Text>
    </Stack>
  );
}

/**
 * Proof of reserves (docs/vault.md, "Proof of reserves"): NXCC outstanding on the ledger against the
 * registry credits in the platform vault, polled like the AMM state and refreshed when the vault moves.
 */
export function ProofOfReservesCard() {
  const reserves = useVaultReserves();
  const { data } = reserves;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="vault-reserves-card">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <div>
          <Group gap={6} align="center">
            <IconScale size={18} />
            <Title order={3} size="h4">
              Proof of reserves
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Each NXCC on the XRP Ledger must be backed by one registry credit in the platform vault.
          </Text>
        </div>
        {data && (
          <Badge size="lg" variant="light" color={data.balanced ? 'green' : 'red'} style={{ flexShrink: 0 }} data-testid="vault-reserves-status">
            {data.balanced ? 'Balanced' : 'Unbalanced'}
          </Badge>
        )}
      </Group>
      {reserves.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Unable to check reserves"
          mb={data ? 'md' : 0}
          data-testid="vault-reserves-error"
        >
          {describeError(reserves.error)}
        </Alert>
      )}
      {reserves.isPending && (
        <Center py="md">
          <Loader aria-label="Checking reserves" data-testid="vault-reserves-loading" />
        </Center>
      )}
      {data && <Reserves reserves={data} />}
    </Card>
  );
}
