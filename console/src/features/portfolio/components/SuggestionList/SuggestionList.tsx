import type { SuggestionView } from '@carbon-ledger/contracts';
import { Badge, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { usePortfolioSuggestions } from '../../api/get-portfolio-suggestions';
import { QueryResultView } from '../QueryResultView/QueryResultView';
import { useImplementSuggestion } from '../../api/implement-suggestion';
import { showSuggestionFailedToast, showSuggestionImplementedToast } from '../../portfolio-toasts';
import { suggestionPriorityStyle } from './suggestion-priority-style';

const typeLabels: Readonly<Record<SuggestionView['type'], string>> = {
  removal_shift: 'Removal shift',
  vintage_age: 'Vintage age',
  concentration: 'Concentration',
  liquidity: 'Liquidity',
};

function SuggestionCard({ suggestion, portfolioId }: { suggestion: SuggestionView; portfolioId: string }) {
  const implement = useImplementSuggestion();
  const style = suggestionPriorityStyle[suggestion.priority];
  const onImplement = () =>
    implement.mutate(
      { portfolioId, suggestionId: suggestion.id },
      { onSuccess: (result) => showSuggestionImplementedToast(result.orders.length), onError: showSuggestionFailedToast },
    );
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`suggestion-${suggestion.priority}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color={style.color} variant="light" size="lg" radius="md" aria-label={`${style.label} priority`}>
            <style.Icon size={20} />
          </ThemeIcon>
          <div>
            <Title order={4}>{suggestion.title}</Title>
            <Group gap={6} mt={4}>
              <Badge color={style.color}>{suggestion.priority}</Badge>
              <Badge variant="outline" color="gray">
                {typeLabels[suggestion.type]}
              </Badge>
            </Group>
          </div>
        </Group>
        <Button onClick={onImplement} loading={implement.isPending} data-testid="implement-suggestion">
          Implement
        </Button>
      </Group>
      <Text mt="sm">{suggestion.description}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        <Text span fw={600} c="dark">
          Reasoning:{' '}
        </Text>
        {suggestion.reasoning}
      </Text>
      <Text size="sm" mt="xs">
        <Text span fw={600}>
          Expected impact:{' '}
        </Text>
        {suggestion.expectedImpact}
      </Text>
      <Text size="sm" fw={600} mt="xs">
        Recommended actions
      </Text>
      <List size="sm">
        {suggestion.recommendedActions.map((action) => (
          <List.Item key={action.action}>{action.action}</List.Item>
        ))}
      </List>
      <Group grow mt="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Confidence {suggestion.confidenceScore}%
          </Text>
          <Progress value={suggestion.confidenceScore} color="teal" aria-label="Confidence score" />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Risk score {suggestion.riskScore}/100
          </Text>
          <Progress
            value={suggestion.riskScore}
            color={suggestion.riskScore >= 70 ? 'red' : suggestion.riskScore >= 40 ? 'orange' : 'green'}
            aria-label="Risk score"
          />
        </Stack>
      </Group>
    </Card>
  );
}

export function SuggestionList({ portfolioId }: { portfolioId: string }) {
  const suggestions = usePortfolioSuggestions(portfolioId);
  return (
    <QueryResultView query={suggestions} what="suggestions">
      {(data) =>
        data.length === 0 ? (
          <Text c="dimmed">No optimization suggestions available...</Text>
        ) : (
          <Stack gap="md" data-testid="suggestion-list">
            {data.map((suggestion) => (
              <SuggestionCard key={suggestion.id} suggestion={suggestion} portfolioId={portfolioId} />
            ))}
          </Stack>
        )
      }
    </QueryResultView>
  );
}
