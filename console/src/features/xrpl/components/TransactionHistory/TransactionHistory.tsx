import { platformWalletLabels, type WalletTransaction, type XrplNetwork } from '@carbon-ledger/contracts';
import { Alert, Anchor, Badge, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { useWalletTransactions } from '../../api/get-wallet-transactions';
import { explorerTransactionUrl } from '../../../../shared/xrpl/explorer-links';
import { shortHash } from '../../../../shared/format/short-hash';
import { formatLedgerTime, groupAmount } from '../../xrpl-format';
import { SectionCard } from '../../../../shared/components/SectionCard/SectionCard';
import { TableHeader } from '../../../../shared/components/TableHeader/TableHeader';

/** Where explorer links point: `settled` false while the network is still unknown, to avoid a wrong link. */
export interface ExplorerTarget {
  settled: boolean;
  network: XrplNetwork | undefined;
}

const SUCCESS = 'tesSUCCESS';

/**
 * The API rounds fees to 2 decimals, so an ordinary fee of a few drops arrives as "0.00";
 * no ledger transaction is free, so that is shown as below one cent of an XRP.
 */
function formatFee(fee: string): string {
  return Number(fee) === 0 ? '< 0.01 XRP' : `${fee} XRP`;
}

function TransactionHash({ hash, target }: { hash: string; target: ExplorerTarget }) {
  const href = target.settled ? explorerTransactionUrl(target.network, hash) : undefined;
  const text = shortHash(hash);
  if (!href) {
    return (
      <Text ff="monospace" size="xs" title={hash} data-testid="transaction-hash">
        {text}
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" ff="monospace" size="xs" title={hash} data-testid="transaction-hash">
      <Group gap={2} wrap="nowrap" component="span">
        {text}
        <IconExternalLink size={12} />
      </Group>
    </Anchor>
  );
}

function TransactionRow({ transaction, target }: { transaction: WalletTransaction; target: ExplorerTarget }) {
  const succeeded = transaction.status === SUCCESS;
  return (
    <Table.Tr data-testid="transaction-row" data-type={transaction.type}>
      <Table.Td>
        <Text size="sm" fw={500} data-testid="transaction-type">
          {transaction.type}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{platformWalletLabels[transaction.walletRole]}</Text>
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={succeeded ? 'green' : 'red'}
          title={transaction.status}
          data-testid="transaction-status"
          data-color={succeeded ? 'green' : 'red'}
        >
          {succeeded ? 'Success' : transaction.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <TransactionHash hash={transaction.hash} target={target} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" ff="monospace">
          {transaction.amount ? groupAmount(transaction.amount) : '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" ff="monospace" c="dimmed">
          {formatFee(transaction.fee)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="xs" c="dimmed">
          {formatLedgerTime(transaction.timestamp)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export interface TransactionHistoryProps {
  live: boolean;
  explorer: ExplorerTarget;
}

export function TransactionHistory({ live, explorer }: TransactionHistoryProps) {
  const transactions = useWalletTransactions(live);
  const rows = transactions.data?.transactions ?? [];

  return (
    <SectionCard
      title="Transaction History"
      data-testid="transaction-history"
      aside={
        transactions.data && (
          <Text size="xs" c="dimmed">
            {rows.length} most recent
          </Text>
        )
      }
    >
      {transactions.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mb="sm" data-testid="transactions-error">
          {describeError(transactions.error)}
        </Alert>
      )}
      {transactions.isPending && (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading transactions" />
        </Center>
      )}
      {transactions.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" size="sm" data-testid="transactions-empty">
          No transactions found
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={820} maxHeight={480}>
          <Table verticalSpacing="xs" highlightOnHover stickyHeader>
            <TableHeader columns={['Type', 'Wallet', 'Status', 'Hash', { label: 'Amount', align: 'right' }, { label: 'Fee', align: 'right' }, 'Time']} />
            <Table.Tbody>
              {rows.map((transaction) => (
                <TransactionRow key={`${transaction.hash}-${transaction.walletRole}`} transaction={transaction} target={explorer} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
