import { assignHeldDepositRequest, type HeldDepositView } from '@carbon-ledger/contracts';
import { Badge, Button, Code, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { showToast } from '../../../../shared/toast/show-toast';
import { useAssignHeldDeposit } from '../../api/assign-held-deposit';
import { useHeldDeposits } from '../../api/list-held-deposits';
import { useRefundHeldDeposit } from '../../api/refund-held-deposit';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';
import { Identifier } from '../../../../shared/components/Identifier/Identifier';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

const reasonLabel = { 'missing-tag': 'No destination tag', 'unknown-tag': 'Unknown destination tag' } as const;

function shortHash(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-6)}`;
}

/** Credits one held payment to a user id; compliance officers and admins only (the server checks the role too). */
function AssignForm({ deposit }: { deposit: HeldDepositView }) {
  const assign = useAssignHeldDeposit();
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const parsed = assignHeldDepositRequest.safeParse({ userId: userId.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    // mutateAsync, not mutate's callbacks: the refreshed list replaces this form with the deposit's badge before those would run.
    assign.mutateAsync({ txHash: deposit.txHash, userId: parsed.data.userId }).then(
      (assigned) =>
        showToast({
          title: 'Deposit credited',
          message: `${formatUsdCents(priceToCents(assigned.amount))} credited to ${assigned.assignedTo}`,
          color: 'teal',
        }),
      (failure: unknown) => showToast({ title: 'Deposit not credited', message: describeError(failure), color: 'red' }),
    );
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        placeholder="User id"
        aria-label={`User to credit ${shortHash(deposit.txHash)} to`}
        value={userId}
        error={error}
        onChange={(event) => setUserId(event.currentTarget.value)}
        data-testid="held-deposit-user"
      />
      <Button
        size="xs"
        variant="light"
        disabled={assign.isPending}
        leftSection={assign.isPending ? <Loader size={12} /> : undefined}
        onClick={submit}
        data-testid="held-deposit-assign"
      >
        Assign
      </Button>
    </Group>
  );
}

/** Sends one held payment back to the account it came from, after the officer confirms; the server pays it at most once. */
function RefundButton({ deposit }: { deposit: HeldDepositView }) {
  const refund = useRefundHeldDeposit();
  const [confirming, setConfirming] = useState(false);
  const amount = formatUsdCents(priceToCents(deposit.amount));

  // mutateAsync, not mutate's callbacks: the refreshed list replaces this button with the deposit's badge before those would run.
  const send = () =>
    refund.mutateAsync({ txHash: deposit.txHash }).then(
      (result) => {
        setConfirming(false);
        if (result.status === 'refunded') showToast({ title: 'Deposit returned', message: `${amount} sent back to ${result.sender}`, color: 'teal' });
        else showToast({ title: 'Deposit not returned', message: result.refundFailure ?? 'The payment back is still being settled', color: 'red' });
      },
      (failure: unknown) => {
        setConfirming(false);
        showToast({ title: 'Deposit not returned', message: describeError(failure), color: 'red' });
      },
    );

  return (
    <>
      <Button size="compact-xs" variant="subtle" color="gray" w="fit-content" onClick={() => setConfirming(true)} data-testid="held-deposit-refund">
        Return to sender
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Return this deposit to its sender?" centered>
        <Stack gap="sm">
          <Text size="sm">
            {amount} goes back to <Identifier value={deposit.sender} /> on the XRP Ledger. It can then no longer be credited to a user.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={send}
              disabled={refund.isPending}
              leftSection={refund.isPending ? <Loader size={12} /> : undefined}
              data-testid="held-deposit-refund-confirm"
            >
              Return {amount}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** What happened to a payment, for everyone who may see the list; officers who may act get the forms on held ones. */
function DepositStatus({ deposit, canAssign }: { deposit: HeldDepositView; canAssign: boolean }) {
  switch (deposit.status) {
    case 'assigned':
      return (
        <Badge color="teal" variant="light" data-testid="held-deposit-assigned">
          Credited to {deposit.assignedTo}
        </Badge>
      );
    case 'refunded':
      return (
        <Badge color="gray" variant="light" title={deposit.refundTxHash ?? undefined} data-testid="held-deposit-refunded">
          Returned to sender
        </Badge>
      );
    case 'refunding':
      return (
        <Badge color="yellow" variant="light" data-testid="held-deposit-refunding">
          Returning to sender
        </Badge>
      );
    case 'held':
      return (
        <Stack gap={4}>
          {canAssign ? (
            <>
              <AssignForm deposit={deposit} />
              <RefundButton deposit={deposit} />
            </>
          ) : (
            <Badge color="orange" variant="light">
              Held
            </Badge>
          )}
          {deposit.refundFailure && (
            <Text size="xs" c="red" data-testid="held-deposit-refund-failure">
              Return failed: {deposit.refundFailure}
            </Text>
          )}
        </Stack>
      );
    default: {
      const exhaustive: never = deposit.status;
      return exhaustive;
    }
  }
}

/**
 * Payments to the deposit address that named no user (no destination tag, or one nobody owns): held,
 * not credited, until compliance assigns each to a user or returns it to its sender (docs/funds.md).
 */
export function HeldDepositsList({ canAssign }: { canAssign: boolean }) {
  const held = useHeldDeposits();

  if (held.isPending) return <Loader size="sm" data-testid="held-deposits-loading" />;
  if (held.isError)
    return (
      <Text c="red" size="sm" data-testid="held-deposits-error">
        {describeError(held.error)}
      </Text>
    );
  const deposits = held.data.pages.flatMap((page) => page.deposits);
  if (deposits.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="held-deposits-empty">
        No deposits are held for review
      </Text>
    );

  return (
    <Stack gap="sm" data-testid="held-deposits">
      <Table striped>
        <TableHeader columns={['Held', 'Transaction', 'From', 'Why', { label: 'Amount', align: 'right' }, 'Status']} />
        <Table.Tbody>
          {deposits.map((deposit) => (
            <Table.Tr key={deposit.txHash} data-testid="held-deposit">
              <Table.Td>{new Date(deposit.heldAt).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
              <Table.Td>
                <Code title={deposit.txHash}>{shortHash(deposit.txHash)}</Code>
              </Table.Td>
              <Table.Td>
                <Identifier value={deposit.sender} />
              </Table.Td>
              <Table.Td>
                {reasonLabel[deposit.reason]}
                {deposit.destinationTag !== null && ` (${deposit.destinationTag})`}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatUsdCents(priceToCents(deposit.amount))}
              </Table.Td>
              <Table.Td>
                <DepositStatus deposit={deposit} canAssign={canAssign} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <LoadMoreButton query={held} testId="held-deposits-more" />
    </Stack>
  );
}
