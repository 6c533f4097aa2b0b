import type { ProvenanceEntry, ProvenanceResponse, SerialProvenanceResponse, XrplNetwork } from '@carbon-ledger/contracts';
import { Anchor, Badge, Button, Card, Code, Divider, Group, SimpleGrid, Stack, Text, TextInput, Timeline } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { type ReactNode } from 'react';
import { shortHash } from '../../../../shared/format/short-hash';
import { explorerTransactionUrl } from '../../../../shared/xrpl/explorer-links';
import { type ProvenanceLookupResult, useProvenanceLookup, useProvenancePages } from '../../api/get-provenance';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';
import { projectTypeColor } from '../../credit-colors';
import { showProvenanceFoundToast, showSearchFailedToast, showValidationToast } from '../../credits-toasts';
import { DescribedCard } from '../../../../shared/components/DescribedCard/DescribedCard';
import { Identifier, wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { formatCount } from '../../../../shared/format/plural';
import { LabelledValue } from '../../../../shared/components/LabelledValue/LabelledValue';

type EntryKind = ProvenanceEntry['kind'];

const kindLabels: Record<EntryKind, string> = {
  project: 'Project',
  issuance: 'Issuance',
  transfer: 'Transfer',
  escrow: 'Escrow',
  release: 'Release',
  retirement: 'Retirement',
  cancellation: 'Cancellation',
  xrpl: 'XRPL',
};

const kindColors: Record<EntryKind, string> = {
  project: 'green',
  issuance: 'teal',
  transfer: 'blue',
  escrow: 'yellow',
  release: 'gray',
  retirement: 'grape',
  cancellation: 'red',
  xrpl: 'indigo',
};

const count = new Intl.NumberFormat('en-US');

/** The server names seals "seal-N"; the timeline says "seal N". */
function sealLabel(sealId: string): string {
  return `Sealed in seal ${sealId.replace(/^seal-/, '')}`;
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <LabelledValue label={label}>
      <Text component="div" fw={500} style={wrapAnywhere} data-testid={testId}>
        {children}
      </Text>
    </LabelledValue>
  );
}

function Batch({ provenance }: { provenance: Pick<ProvenanceResponse, 'batch'> }) {
  const { batch } = provenance;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="provenance-batch">
      <Field label="Project" testId="provenance-project">
        {batch.projectName}
      </Field>
      <Field label="Type">
        <Badge color={projectTypeColor(batch.projectType)} variant="light">
          {batch.projectType}
        </Badge>
      </Field>
      <Field label="Vintage" testId="provenance-vintage">
        {batch.vintage}
      </Field>
      <Field label="Standard">{batch.standard || '—'}</Field>
      <Field label="Methodology">{batch.methodology || '—'}</Field>
      <Field label="Serial range" testId="provenance-serials">
        {batch.firstSerial} to {batch.lastSerial}
      </Field>
      <Field label="NFT ID" testId="provenance-nft">
        {batch.nftId ? <Identifier value={batch.nftId} /> : 'Not minted on XRPL'}
      </Field>
    </SimpleGrid>
  );
}

function Summary({ summary }: { summary: ProvenanceResponse['summary'] }) {
  const cells: { label: string; value: number; testId: string }[] = [
    { label: 'Issued', value: summary.issued, testId: 'provenance-issued' },
    { label: 'Tradable', value: summary.tradable, testId: 'provenance-tradable' },
    { label: 'In escrow', value: summary.reserved, testId: 'provenance-reserved' },
    { label: 'Retired', value: summary.retired, testId: 'provenance-retired' },
    // Cancelled without a claim: out of circulation, never counted as retired.
    { label: 'Cancelled', value: summary.cancelled, testId: 'provenance-cancelled' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md" data-testid="provenance-summary">
      {cells.map((cell) => (
        <Card key={cell.label} withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {cell.label}
          </Text>
          <Text size="xl" fw={700} data-testid={cell.testId}>
            {count.format(cell.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TransactionHash({ hash, network }: { hash: string; network: XrplNetwork | undefined }) {
  // Without a known network a link could point at the wrong ledger's explorer, so the hash stays plain.
  const url = network ? explorerTransactionUrl(network, hash) : undefined;
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" ff="monospace" title={hash} miw={0} style={wrapAnywhere}>
      {hash}
    </Anchor>
  ) : (
    <Identifier value={hash} />
  );
}

function EntryDetails({ entry, network }: { entry: ProvenanceEntry; network: XrplNetwork | undefined }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{entry.description}</Text>
      <Text size="xs" c="dimmed">
        {new Date(entry.occurredAt).toLocaleString()}
        {entry.quantity !== null && ` · ${formatCount(entry.quantity, 'credit')}`}
      </Text>
      {entry.serialRanges.length > 0 && (
        <Group gap={4} data-testid="provenance-entry-serials">
          {entry.serialRanges.map((range) => (
            <Identifier key={range} value={range} />
          ))}
        </Group>
      )}
      {entry.documents?.map((document) => (
        <Group key={document.sha256} gap="xs" wrap="nowrap" data-testid="provenance-entry-document">
          <Anchor href={`/api/registry/documents/${document.sha256}`} target="_blank" rel="noreferrer" size="xs">
            {document.name}
          </Anchor>
          <Identifier value={document.sha256} />
        </Group>
      ))}
      {entry.xrplTransactions.map((transaction) => (
        <Group key={`${transaction.purpose}-${transaction.hash}`} gap="xs" wrap="nowrap" data-testid="provenance-entry-xrpl-tx">
          <Badge size="xs" variant="outline">
            {transaction.purpose}
          </Badge>
          <TransactionHash hash={transaction.hash} network={network} />
          {transaction.result !== 'tesSUCCESS' && (
            <Text size="xs" c="red">
              {transaction.result}
            </Text>
          )}
        </Group>
      ))}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Event{' '}
          <Code title={entry.eventHash} data-testid="provenance-entry-hash">
            {shortHash(entry.eventHash, 10)}
          </Code>{' '}
          at log position {entry.position}
        </Text>
        {entry.seal ? (
          <Badge size="xs" color="teal" variant="light" title={`Merkle root ${entry.seal.merkleRoot}`} data-testid="provenance-entry-seal">
            {sealLabel(entry.seal.sealId)}
          </Badge>
        ) : (
          <Badge size="xs" color="gray" variant="light" data-testid="provenance-entry-seal">
            Not sealed yet
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function ProvenanceTimeline({ entries, network }: { entries: ProvenanceEntry[]; network: XrplNetwork | undefined }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No events recorded for this batch
      </Text>
    );
  }
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} data-testid="provenance-timeline">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.eventId}
          color={kindColors[entry.kind]}
          title={
            <Badge color={kindColors[entry.kind]} variant="light" data-testid="provenance-entry-kind">
              {kindLabels[entry.kind]}
            </Badge>
          }
          data-testid="provenance-entry"
        >
          <EntryDetails entry={entry} network={network} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function ProvenanceResult({ provenance, lookedUpAt, network }: { provenance: ProvenanceResponse; lookedUpAt: number; network: XrplNetwork | undefined }) {
  const pages = useProvenancePages(provenance, lookedUpAt);
  const entries = pages.data.pages.flatMap((page) => page.entries);
  return (
    <Stack gap="md" mt="lg" data-testid="provenance-result">
      <Divider label={`Token ${provenance.tokenId}`} labelPosition="left" />
      <Batch provenance={provenance} />
      <Summary summary={provenance.summary} />
      <Text size="sm" fw={700}>
        Chain of custody
      </Text>
      <ProvenanceTimeline entries={entries} network={network} />
      <LoadMoreButton query={pages} testId="provenance-more" />
    </Stack>
  );
}

const currentStatus: Record<SerialProvenanceResponse['current']['status'], string> = {
  held: 'Held',
  'in-escrow': 'In sell-order escrow',
  retired: 'Retired',
  cancelled: 'Cancelled (not retired)',
};

function SerialCurrent({ current }: { current: SerialProvenanceResponse['current'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="provenance-serial-current">
      <Field label="Now" testId="provenance-serial-status">
        <Badge color={current.status === 'retired' ? 'grape' : current.status === 'held' ? 'blue' : 'yellow'} variant="light">
          {currentStatus[current.status]}
        </Badge>
      </Field>
      <Field label={current.status === 'retired' ? 'Retired by' : 'Account'} testId="provenance-serial-account">
        {current.accountId ?? '—'}
      </Field>
      {current.status === 'retired' && (
        <Field label="Retired for" testId="provenance-serial-beneficiary">
          {current.beneficiary ?? '—'}
        </Field>
      )}
    </SimpleGrid>
  );
}

function SerialResult({ provenance, network }: { provenance: SerialProvenanceResponse; network: XrplNetwork | undefined }) {
  return (
    <Stack gap="md" mt="lg" data-testid="provenance-result">
      <Divider label={`Serial ${provenance.serial} of token ${provenance.tokenId}`} labelPosition="left" />
      <Batch provenance={provenance} />
      <SerialCurrent current={provenance.current} />
      <Text size="sm" fw={700}>
        Life of this serial
      </Text>
      <ProvenanceTimeline entries={provenance.entries} network={network} />
    </Stack>
  );
}

function LookupResult({ result, lookedUpAt, network }: { result: ProvenanceLookupResult; lookedUpAt: number; network: XrplNetwork | undefined }) {
  return result.kind === 'serial' ? (
    <SerialResult provenance={result.provenance} network={network} />
  ) : (
    <ProvenanceResult provenance={result.provenance} lookedUpAt={lookedUpAt} network={network} />
  );
}

/**
 * Credit Provenance lookup by token id (GET /api/provenance/{tokenId}): the batch, where its
 * credits are now, and every event of the log that touched it with its hash and covering seal.
 * A serial number (NXCC-SOLAR-2026-7F3A9C21-000151) shows that serial's life instead.
 * `network` names the XRPL network for explorer links; without it hashes are shown as text.
 */
export function ProvenanceLookup({ network }: { network?: XrplNetwork | undefined }) {
  const form = useForm({ mode: 'controlled', initialValues: { tokenId: '' } });
  const lookup = useProvenanceLookup();

  function handleSubmit({ tokenId }: { tokenId: string }): void {
    // Token ids and serial numbers are upper case (SOLAR-2026-7F3A9C21); the server judges the rest of the format.
    const wanted = tokenId.trim().toUpperCase();
    if (!wanted) {
      showValidationToast('Please enter a token ID');
      return;
    }
    lookup.mutate(wanted, { onSuccess: (result) => showProvenanceFoundToast(result.provenance), onError: showSearchFailedToast });
  }

  return (
    <DescribedCard
      title="Credit Provenance"
      description="Trace a batch through the ledger's event log: issuance, transfers, escrow, retirements and their XRPL transactions. A serial number shows that one credit's whole life."
      data-testid="provenance-lookup"
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Token ID"
            placeholder="SOLAR-2026-7F3A9C21"
            description="or a serial number, e.g. NXCC-SOLAR-2026-7F3A9C21-000151"
            {...form.getInputProps('tokenId')}
            style={{ flex: 1 }}
            data-testid="provenance-token-id"
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={lookup.isPending} data-testid="provenance-search">
            Search
          </Button>
        </Group>
      </form>
      {lookup.data && <LookupResult result={lookup.data} lookedUpAt={lookup.submittedAt} network={network} />}
    </DescribedCard>
  );
}
