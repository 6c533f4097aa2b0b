import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useCarbonPrices } from '../../api/get-carbon-prices';
import { MarketPriceCard } from '../MarketPriceCard/MarketPriceCard';

const SKELETON_CARDS = 8;

/** Live compliance (ETS) prices, refreshed every 60 s, with the reference prices as fallback. */
export function CompliancePriceBoard() {
  const { markets, loading, error, source, notice } = useCarbonPrices();
  const live = source === 'live' && error === null && !loading;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={3}>Compliance market prices</Title>
          <Text c="dimmed" fz="sm">
            Allowance prices per tonne of CO2e across the major emissions trading systems.
          </Text>
        </div>
        {live && (
          <Badge color="teal" variant="dot">
            Live
          </Badge>
        )}
      </Group>

      {error !== null && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      {notice !== null && (
        <Group gap={6} c="dimmed" data-testid="reference-prices-notice">
          <IconInfoCircle size={14} aria-hidden />
          <Text fz="xs" c="dimmed">
            {notice}
          </Text>
        </Group>
      )}

      {loading ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} aria-busy="true" aria-label="Loading prices">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} height={118} radius="md" />
          ))}
        </SimpleGrid>
      ) : markets.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            Unable to load price data
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {markets.map((price) => (
            <MarketPriceCard key={price.market} price={price} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
