import type { GetRetirementResponse, XrplNetwork } from '@carbon-ledger/contracts';
import { Alert, Anchor, Badge, Button, Card, Center, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';
import { explorerTransactionUrl } from '../../../../shared/xrpl/explorer-links';
import { certificatePdfPath, useRetirement } from '../../api/get-retirement';
import { Identifier, wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { LabelledValue } from '../../../../shared/components/LabelledValue/LabelledValue';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <LabelledValue label={label}>
      <Text fw={500} style={{ wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Text>
    </LabelledValue>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Transactions({ retirement, network }: { retirement: GetRetirementResponse; network: XrplNetwork | undefined }) {
  const transactions = retirement.verification.xrplTransactions;
  if (transactions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="certificate-no-xrpl">
        Not recorded on XRPL yet
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {transactions.map((transaction) => {
        const url = explorerTransactionUrl(network, transaction.hash);
        return (
          <Group key={transaction.hash} gap="xs" wrap="nowrap" data-testid="certificate-xrpl-tx">
            <Badge size="sm" variant="light">
              {transaction.purpose}
            </Badge>
            {url ? (
              <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace" title={transaction.hash} miw={0} style={wrapAnywhere}>
                {transaction.hash}
              </Anchor>
            ) : (
              <Identifier value={transaction.hash} />
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

function Seal({ retirement, network }: { retirement: GetRetirementResponse; network: XrplNetwork | undefined }) {
  const { seal } = retirement.verification;
  if (!seal) {
    return (
      <Text size="sm" c="dimmed" data-testid="certificate-seal">
        Not sealed yet: the next audit seal will cover this retirement (log position {retirement.certificate.logPosition}).
      </Text>
    );
  }
  const anchorUrl = seal.anchorTxHash ? explorerTransactionUrl(network, seal.anchorTxHash) : undefined;
  return (
    <Stack gap={4} data-testid="certificate-seal">
      <Text size="sm">
        Seal #{seal.sealNumber}, {new Date(seal.sealedAt).toLocaleString()}, covers log positions {seal.fromPosition ?? 'start'} to {seal.toPosition} (this
        retirement: {retirement.certificate.logPosition})
      </Text>
      <Text size="xs" c="dimmed">
        Merkle root <Identifier value={seal.merkleRoot} />
      </Text>
      <Text size="xs" c="dimmed">
        Seal hash <Identifier value={seal.sealHash} />
      </Text>
      {seal.anchorTxHash && (
        <Text size="xs" c="dimmed">
          Anchored on XRPL{' '}
          {anchorUrl ? (
            <Anchor href={anchorUrl} target="_blank" rel="noopener noreferrer" size="xs" ff="monospace" title={seal.anchorTxHash} style={wrapAnywhere}>
              {seal.anchorTxHash}
            </Anchor>
          ) : (
            <Identifier value={seal.anchorTxHash} />
          )}
        </Text>
      )}
    </Stack>
  );
}

function Certificate({ retirement, network }: { retirement: GetRetirementResponse; network: XrplNetwork | undefined }) {
  const { certificate } = retirement;
  const verified = retirement.verificationStatus === 'verified';
  return (
    <Card withBorder padding="xl" radius="md" data-testid="retirement-certificate">
      <Group justify="space-between" align="flex-start" mb="lg">
        <div>
          <Group gap="xs">
            <IconShieldCheck size={24} color="var(--mantine-color-teal-7)" />
            <Title order={1} size="h2">
              Carbon Credit Retirement Certificate
            </Title>
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {certificate.registry} · {certificate.retirementId}
          </Text>
        </div>
        <Badge size="lg" color={verified ? 'green' : 'yellow'} variant="light" data-testid="certificate-status">
          {verified ? 'verified' : 'Pending'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Field label="Beneficiary" testId="certificate-beneficiary">
          {certificate.beneficiary}
        </Field>
        <Field label="Quantity" testId="certificate-quantity">
          {certificate.quantity.toLocaleString('en-US')} {certificate.unit}
        </Field>
        <Field label="Project" testId="certificate-project">
          {certificate.projectName} ({certificate.projectType})
        </Field>
        <Field label="Vintage" testId="certificate-vintage">
          {certificate.vintage}
        </Field>
        <Field label="Standard" testId="certificate-standard">
          {certificate.standard}
        </Field>
        <Field label="Offset type">{certificate.offsetType}</Field>
        <Field label="Purpose" testId="certificate-purpose">
          {certificate.purpose || '—'}
        </Field>
        <Field label="Retired">{new Date(certificate.retiredAt).toLocaleString()}</Field>
        <Field label="Token ID">
          <Identifier value={certificate.tokenId} />
        </Field>
        {certificate.methodology && <Field label="Methodology">{certificate.methodology}</Field>}
      </SimpleGrid>
      <Divider my="lg" />
      <Stack gap="lg">
        <Section title="Serial numbers">
          <Stack gap={2} data-testid="certificate-serial-ranges">
            {certificate.serialRanges.map((range) => (
              <Identifier key={range} value={range} />
            ))}
          </Stack>
        </Section>
        <Section title="XRPL transactions">
          <Transactions retirement={retirement} network={network} />
        </Section>
        <Section title="Event-log seal">
          <Seal retirement={retirement} network={network} />
        </Section>
        <Section title="IPFS CID">
          <Identifier value={retirement.ipfsCid} testId="certificate-ipfs-cid" />
          <Text size="xs" c="dimmed">
            The SHA-256 of this certificate's canonical JSON: anyone holding the document can recompute it.
          </Text>
        </Section>
      </Stack>
      <Group justify="flex-end" mt="xl">
        <Button
          component="a"
          href={certificatePdfPath(retirement.id)}
          target="_blank"
          rel="noopener"
          leftSection={<IconDownload size={16} />}
          data-testid="certificate-pdf"
        >
          Download PDF
        </Button>
      </Group>
    </Card>
  );
}

export interface RetirementCertificateProps {
  id: string;
  /** For explorer links; unknown (signed out) falls back to testnet (`shared/xrpl/explorer-links.ts`). */
  network: XrplNetwork | undefined;
}

/** The public verification page of a retirement (GET /api/retirements/{id}). */
export function RetirementCertificate({ id, network }: RetirementCertificateProps) {
  const retirement = useRetirement(id);

  if (retirement.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the certificate" />
      </Center>
    );
  }
  if (retirement.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load the certificate">
        {describeError(retirement.error)}
      </Alert>
    );
  }
  if (retirement.data === null) {
    return (
      <Card withBorder padding="xl" radius="md" data-testid="certificate-not-found">
        <Title order={1} size="h2">
          Certificate not found
        </Title>
        <Text c="dimmed" mt="sm">
          No retirement has this link. Check the address you were given.
        </Text>
      </Card>
    );
  }
  return <Certificate retirement={retirement.data} network={retirement.data.verification.network ?? network} />;
}
