import '@mantine/charts/styles.css';
import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { projectTypeColor } from '../../credit-colors';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';

const CHART_SIZE = 180;
// recharts is most of the dashboard's weight: it loads when there is something to draw.
const DonutChart = lazy(async () => ({ default: (await import('@mantine/charts')).DonutChart }));

/** Retired tCO2e per project type, as the read model sums them; a donut beside the figures. */
export function ProjectTypeDistribution({ projectTypes }: { projectTypes: Record<string, number> }) {
  const entries = Object.entries(projectTypes).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, amount]) => sum + amount, 0);

  return (
    <TitledCard title="Project Type Distribution" data-testid="project-type-distribution">
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No retirements yet
        </Text>
      ) : (
        <Stack gap="lg">
          <Suspense fallback={<Skeleton circle height={CHART_SIZE} mx="auto" />}>
            <DonutChart
              data-testid="project-type-chart"
              mx="auto"
              size={CHART_SIZE}
              thickness={28}
              withTooltip
              tooltipDataSource="segment"
              chartLabel={`${total.toLocaleString('en-US')} tCO2e`}
              valueFormatter={(amount) => `${amount.toLocaleString('en-US')} tCO2e`}
              data={entries.map(([projectType, amount]) => ({
                name: projectType,
                value: amount,
                color: `${projectTypeColor(projectType)}.6`,
              }))}
            />
          </Suspense>
          <Stack gap="sm">
            {entries.map(([projectType, amount]) => {
              const share = total > 0 ? (amount / total) * 100 : 0;
              return (
                <div key={projectType} data-testid="project-type-row">
                  <Group justify="space-between" mb={4}>
                    <Text size="sm">{projectType}</Text>
                    <Text size="sm" c="dimmed">
                      {amount.toLocaleString('en-US')} tCO2e · {Math.round(share)}%
                    </Text>
                  </Group>
                  <Progress value={share} color={projectTypeColor(projectType)} aria-label={`${projectType} share`} />
                </div>
              );
            })}
          </Stack>
        </Stack>
      )}
    </TitledCard>
  );
}
