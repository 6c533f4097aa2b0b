import { Alert, Center, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRetirementAnalytics } from '../../../features/credits/api/get-retirement-analytics';
import { useRetirements } from '../../../features/credits/api/list-retirements';
import { ProjectTypeDistribution } from '../../../features/credits/components/ProjectTypeDistribution/ProjectTypeDistribution';
import { RetireCreditsForm } from '../../../features/credits/components/RetireCreditsForm/RetireCreditsForm';
import { CancelCreditsForm } from '../../../features/credits/components/CancelCreditsForm/CancelCreditsForm';
import { RetirementRecordCard } from '../../../features/credits/components/RetirementRecordCard/RetirementRecordCard';
import { RetirementsPerMonthChart } from '../../../features/credits/components/RetirementsPerMonthChart/RetirementsPerMonthChart';
import { RetirementSummary } from '../../../features/credits/components/RetirementSummary/RetirementSummary';
import { LoadMoreButton } from '../../../shared/components/LoadMoreButton/LoadMoreButton';

function RetirementData() {
  const retirements = useRetirements();
  const analytics = useRetirementAnalytics();

  if (retirements.isError || analytics.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="retirements-error">
        Failed to load retirement data. Please try again later.
      </Alert>
    );
  }
  if (retirements.isPending || analytics.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading retirements" />
      </Center>
    );
  }
  const records = retirements.data.pages.flatMap((page) => page.retirements);
  return (
    <Stack gap="lg">
      <RetirementSummary analytics={analytics.data} />
      <RetirementsPerMonthChart />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Retirement Records
            </Title>
            {records.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" data-testid="retirements-empty">
                No verified retirements found
              </Text>
            ) : (
              records.map((record) => <RetirementRecordCard key={record.id} record={record} />)
            )}
            <LoadMoreButton query={retirements} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProjectTypeDistribution projectTypes={analytics.data.projectTypes} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The Dashboard's Retirements tab, with a form to retire held credits. */
export function DashboardRetirements() {
  return (
    <Grid gap="lg" data-testid="dashboard-retirements">
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <RetirementData />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Stack gap="md">
          <RetireCreditsForm />
          <CancelCreditsForm />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
