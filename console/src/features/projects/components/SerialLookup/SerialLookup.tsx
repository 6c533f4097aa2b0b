import { Alert, Badge, Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { useSerialLookup } from '../../api/lookup-serial';

const serialStatusLabels = {
  active: 'Active',
  retired: 'Retired',
  in_vault: 'Tokenized (in the platform vault)',
  buffer: 'Held in the buffer pool',
  cancelled: 'Cancelled (no claim, not retired)',
} as const;

/** Anyone may check one serial number: its batch, project and whether it is still active. */
export function SerialLookup() {
  const [entered, setEntered] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const lookup = useSerialLookup(searched);

  const search = () => {
    const serial = entered.trim();
    if (serial === '') {
      setError('Enter a serial number');
      return;
    }
    setError(undefined);
    setSearched(serial);
    if (serial === searched) void lookup.refetch();
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="serial-lookup">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Serial lookup
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <Group gap="xs" align="flex-start">
            <TextInput
              aria-label="Serial number"
              placeholder="NXCC-SOLAR-2026-7F3A9C21-000151"
              value={entered}
              onChange={(event) => setEntered(event.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
              data-testid="serial-lookup-input"
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={lookup.isFetching} data-testid="serial-lookup-submit">
              Look up
            </Button>
          </Group>
        </form>
        {lookup.isError && (
          <Alert color="red" data-testid="serial-lookup-error">
            {describeError(lookup.error)}
          </Alert>
        )}
        {lookup.isSuccess && lookup.data === null && (
          <Text c="dimmed" data-testid="serial-lookup-none">
            The registry never issued {searched}
          </Text>
        )}
        {lookup.isSuccess && lookup.data && (
          <Stack gap={4} data-testid="serial-lookup-result">
            <Group gap="xs">
              <Code>{lookup.data.serial}</Code>
              <Badge variant="light" data-testid="serial-lookup-status">
                {serialStatusLabels[lookup.data.status]}
              </Badge>
            </Group>
            <Text size="sm">
              {lookup.data.batch.projectName} ({lookup.data.batch.projectType}), vintage {lookup.data.batch.vintage}, batch{' '}
              <Code>{lookup.data.batch.batchId}</Code>
            </Text>
            {lookup.data.retirement && (
              <Text size="sm">
                Retired for {lookup.data.retirement.beneficiary}: {lookup.data.retirement.purpose}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
