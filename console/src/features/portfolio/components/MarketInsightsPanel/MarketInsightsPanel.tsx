import { Card, Stack, Text, Title } from '@mantine/core';
import { useMarketInsights } from '../../api/get-market-insights';
import { QueryResultView } from '../QueryResultView/QueryResultView';

export function MarketInsightsPanel() {
  const insights = useMarketInsights();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="market-insights">
      <Title order={3} size="h4" mb="sm">
        Market Insights
      </Title>
      <QueryResultView query={insights} what="market insights">
        {(data) => (
          <Stack gap="xs">
            {data.insights.split('\n').map((sentence) => (
              <Text key={sentence}>{sentence}</Text>
            ))}
            <Text size="xs" c="dimmed" mt="sm">
              Updated {new Date(data.timestamp).toLocaleString()}
            </Text>
          </Stack>
        )}
      </QueryResultView>
    </Card>
  );
}
