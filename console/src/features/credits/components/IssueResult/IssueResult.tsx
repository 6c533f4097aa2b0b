import type { IssueCreditsResponse } from '@carbon-ledger/contracts';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { formatCount } from '../../../../shared/format/plural';

function Field({ label, value, testId, mono = false }: { label: string; value: string; testId: string; mono?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} ff={mono ? 'monospace' : undefined} title={mono ? value : undefined} style={wrapAnywhere} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function IssueResult({ issued }: { issued: IssueCreditsResponse }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="issue-result">
      <Group gap="sm" mb="md">
        <ThemeIcon color="teal" variant="light" radius="xl">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Credits Issued
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Token ID" value={issued.tokenId} testId="issued-token-id" mono />
        <Field label="Quantity" value={`${formatCount(issued.quantity, 'credit')} (vintage ${issued.vintage})`} testId="issued-quantity" />
        <Field label="First serial" value={issued.firstSerial} testId="issued-first-serial" mono />
        <Field label="Last serial" value={issued.lastSerial} testId="issued-last-serial" mono />
      </SimpleGrid>
    </Card>
  );
}
