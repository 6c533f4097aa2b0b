import { Badge, Button, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { showToast } from '../../../../shared/toast/show-toast';
import { QRCodeSVG } from 'qrcode.react';
import { describeError } from '../../../../shared/api/http';
import { useClaimTestUsd } from '../../api/claim-test-usd';
import { useFunds } from '../../api/get-funds';
import { useStatement } from '../../api/get-statement';
import { WithdrawForm } from '../WithdrawForm/WithdrawForm';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { Identifier } from '../../../../shared/components/Identifier/Identifier';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

const TEST_USD = '10000.00';

const statusColor = { pending: 'orange', posted: 'teal', voided: 'dimmed' } as const;

function usd(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = '00'] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${cents}`;
}

/**
 * The signed-in user's cash (docs/funds.md): available and reserved, how to deposit (the deposit
 * address and the user's destination tag, with a QR code), the sandbox's test USD, and the statement.
 */
export function FundsPanel({ sandbox = true }: { sandbox?: boolean }) {
  const funds = useFunds();
  const claim = useClaimTestUsd();
  const statement = useStatement();
  const transfers = statement.data?.pages.flatMap((page) => page.transfers);

  if (funds.isPending) return <Loader size="sm" data-testid="funds-loading" />;
  if (funds.isError) return <Text c="red">{describeError(funds.error)}</Text>;
  const { available, reserved, depositAddress, destinationTag, currency } = funds.data;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="funds-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Funds
          </Title>
          <Badge variant="light">{currency}</Badge>
        </Group>
        <Group grow>
          <div>
            <Text size="sm" c="dimmed">
              Available
            </Text>
            <Text fw={700} size="xl" data-testid="funds-available">
              {usd(available)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Reserved for open buy orders
            </Text>
            <Text fw={700} size="xl" data-testid="funds-reserved">
              {usd(reserved)}
            </Text>
          </div>
        </Group>
        <Group align="flex-start" wrap="nowrap">
          <QRCodeSVG value={`${depositAddress}?dt=${destinationTag}`} size={96} aria-label="Deposit address QR code" data-testid="funds-qr" />
          <Stack gap={4} miw={0}>
            <Text size="sm">Deposit {currency} on the XRP Ledger to</Text>
            <Identifier value={depositAddress} testId="funds-deposit-address" />
            <Text size="sm">
              with destination tag <Code data-testid="funds-destination-tag">{destinationTag}</Code>
            </Text>
            <Text size="xs" c="dimmed">
              A payment without this tag cannot be credited to you.
            </Text>
          </Stack>
        </Group>
        {sandbox && (
          <Button
            variant="light"
            data-testid="funds-faucet"
            disabled={claim.isPending}
            leftSection={claim.isPending ? <Loader size={14} /> : undefined}
            onClick={() =>
              claim.mutate(TEST_USD, {
                onSuccess: () => showToast({ title: 'Test USD deposited', message: `${usd(TEST_USD)} arrived on the XRP Ledger sandbox`, color: 'teal' }),
                onError: (error) => showToast({ title: 'Deposit failed', message: describeError(error), color: 'red' }),
              })
            }
          >
            Get {usd(TEST_USD)} test USD
          </Button>
        )}
        <WithdrawForm />
        <Title order={3} size="h5">
          Statement
        </Title>
        {transfers?.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="funds-statement-empty">
            No transfers yet
          </Text>
        ) : (
          <Table striped data-testid="funds-statement">
            <TableHeader columns={['When', 'What', 'Status', { label: 'Amount', align: 'right' }]} />
            <Table.Tbody>
              {transfers?.map((transfer) => (
                <Table.Tr key={`${transfer.transferId}:${transfer.status}`} data-testid="funds-transfer">
                  <Table.Td>{new Date(transfer.at).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                  <Table.Td tt="capitalize">{transfer.kind}</Table.Td>
                  <Table.Td>
                    <Text size="xs" fw={700} tt="uppercase" c={statusColor[transfer.status]}>
                      {transfer.status}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={transfer.amount.startsWith('-') ? 'red' : 'teal'}>
                    {usd(transfer.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <LoadMoreButton query={statement} testId="funds-statement-more" />
      </Stack>
    </Card>
  );
}
