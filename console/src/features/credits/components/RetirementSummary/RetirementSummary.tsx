import { RETIREMENT_TARGET_TCO2E, type RetirementAnalytics } from '@carbon-ledger/contracts';
import { Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';

const count = new Intl.NumberFormat('en-US');

/** Progress toward the product's fixed 1,000 tCO2e target, never past 100%. */
export function targetProgress(totalRetired: number): number {
  return Math.min(100, Math.max(0, (totalRetired / RETIREMENT_TARGET_TCO2E) * 100));
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function RetirementSummary({ analytics }: { analytics: RetirementAnalytics }) {
  const progress = targetProgress(analytics.totalRetired);
  return (
    <Card withBorder padding="lg" radius="md" data-testid="retirement-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="lg">
        <Figure label="Total Retired" value={`${count.format(analytics.totalRetired)} tCO2e`} testId="retired-total" />
        <Figure label="Retirements" value={count.format(analytics.retirementCount)} testId="retired-count" />
        <Figure label="Standards" value={count.format(Object.keys(analytics.standards).length)} testId="retired-standards" />
        <Figure label="SDG Goals" value={count.format(analytics.sdgGoals.length)} testId="retired-sdg-goals" />
      </SimpleGrid>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={500}>
          Progress toward {count.format(RETIREMENT_TARGET_TCO2E)} tCO2e target
        </Text>
        <Text size="sm" fw={700} data-testid="retired-progress-label">
          {Math.round(progress)}%
        </Text>
      </Group>
      <Progress value={progress} size="lg" radius="xl" color="teal" aria-label="Progress toward the retirement target" data-testid="retired-progress" />
    </Card>
  );
}
