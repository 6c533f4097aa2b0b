import type { IssueCreditsResponse } from '@carbon-ledger/contracts';
import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LabelledValue } from '../../../../shared/components/LabelledValue/LabelledValue';

function Field({ label, value, testId, mono = false }: { label: string; value: string; testId: string; mono?: boolean }) {
  return (
    <LabelledValue label={label}>
      <Text fw={600} ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Text>
    </LabelledValue>
  );
}

/** A filed issuance request: nothing is issued until the verifier verified the report and the registry approved it. */
export function IssueResult({ issued }: { issued: IssueCreditsResponse }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="issue-result">
      <Group gap="sm" mb="xs">
        <ThemeIcon color="teal" variant="light" radius="xl">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Issuance Request Filed
        </Title>
      </Group>
      <Text size="sm" mb="md" data-testid="issue-filed-note">
        Project {issued.projectId} has a monitoring report waiting for validation, verification and the registry&apos;s review. Once approved, the credits are
        issued as batch {issued.tokenId}.{' '}
        <Anchor component={Link} to="/projects?tab=mine" data-testid="issue-track-link">
          Track it in My projects
        </Anchor>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Token ID" value={issued.tokenId} testId="issued-token-id" mono />
        <Field label="Quantity" value={`${issued.quantity.toLocaleString('en-US')} credits (vintage ${issued.vintage})`} testId="issued-quantity" />
        <Field label="First serial" value={issued.firstSerial} testId="issued-first-serial" mono />
        <Field label="Last serial" value={issued.lastSerial} testId="issued-last-serial" mono />
      </SimpleGrid>
      {issued.bufferQuantity > 0 && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="issued-buffer-note">
          Of the {issued.claimedQuantity.toLocaleString('en-US')} credits claimed, {issued.bufferQuantity.toLocaleString('en-US')} go to the registry&apos;s
          buffer pool.
        </Text>
      )}
    </Card>
  );
}
