import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { useMarketInsights } from '../../api/get-market-insights';

export function MarketInsightsPanel() {
  const { data, isPending, error } = useMarketInsights();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="market-insights">
      <Title order={3} size="h4" mb="sm">
        Market Insights
      </Title>
      {isPending ? (
        <Loader size="sm" aria-label="Loading market insights" />
      ) : error ? (
        <Alert color="red" title="Unable to load market insights">
          {describeError(error)}
        </Alert>
      ) : (
        <Stack gap="xs">
          {data.insights.split('\n').map((sentence) => (
            <Text key={sentence}>{sentence}</Text>
          ))}
          <Text size="xs" c="dimmed" mt="sm">
            Updated {new Date(data.timestamp).toLocaleString()}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
