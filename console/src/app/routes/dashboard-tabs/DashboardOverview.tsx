import { Alert, Grid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../../../shared/api/http';
import { useMetrics } from '../../../features/credits/api/get-metrics';
import { ComplianceOverview } from '../../../features/compliance/components/ComplianceOverview/ComplianceOverview';
import { MetricCards } from '../../../features/credits/components/MetricCards/MetricCards';
import { RecentActivity } from '../../../features/credits/components/RecentActivity/RecentActivity';

/** The Dashboard's Overview tab, from GET /api/metrics. */
export function DashboardOverview() {
  const metrics = useMetrics();

  return (
    <Stack gap="lg" data-testid="dashboard-overview">
      {metrics.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load the metrics" data-testid="metrics-error">
          {describeError(metrics.error)}
        </Alert>
      )}
      <MetricCards metrics={metrics.data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecentActivity activity={metrics.isError ? [] : metrics.data?.recentActivity} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ComplianceOverview />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
