import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { projectTypeColor } from '../../credit-colors';

/** Spec: retired tCO2e per project type, as bars (no chart library is installed). */
export function ProjectTypeDistribution({ projectTypes }: { projectTypes: Record<string, number> }) {
  const entries = Object.entries(projectTypes).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, amount]) => sum + amount, 0);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="project-type-distribution">
      <Title order={3} size="h5" mb="md">
        Project Type Distribution
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No retirements yet
        </Text>
      ) : (
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
      )}
    </Card>
  );
}
