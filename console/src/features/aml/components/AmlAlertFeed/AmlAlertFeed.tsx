import type { AmlAlertView } from '@carbon-ledger/contracts';
import { Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { describeError } from '../../../../shared/api/http';
import { formatUsd } from '../../../../shared/format/format-usd';
import { useAmlAlerts } from '../../api/list-aml-alerts';
import { AML_FEED_SIZE, mergeAmlAlerts } from '../../merge-aml-alerts';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

export function priorityColor(priority: string): string {
  switch (priority) {
    case 'critical':
      return 'red';
    case 'high':
      return 'orange';
    case 'medium':
      return 'yellow';
    default:
      return 'gray';
  }
}

function flagLabel(flag: string): string {
  return flag.replaceAll('_', ' ');
}

/**
 * The newest alerts: pushed ones ('aml-alert') merged with the loaded list, newest on top. "Load more"
 * appends older pages below; once it has, every alert loaded stays listed (none falls off the end,
 * which would leave a gap above the older page).
 */
export function AmlAlertFeed({ liveAlerts }: { liveAlerts: readonly AmlAlertView[] }) {
  const listed = useAmlAlerts();
  if (listed.isPending && liveAlerts.length === 0) return <Loader size="sm" />;
  const pages = listed.data?.pages ?? [];
  const alerts = mergeAmlAlerts([liveAlerts, ...pages.map((page) => page.alerts)], pages.length > 1 ? Infinity : AML_FEED_SIZE);

  return (
    <Stack gap="sm" data-testid="aml-alert-feed">
      {listed.isError && (
        <Text c="red" size="sm">
          {describeError(listed.error)}
        </Text>
      )}
      {alerts.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="aml-alerts-empty">
          No recent AML alerts
        </Text>
      ) : (
        alerts.map((alert) => (
          <Card key={alert.alertId} withBorder padding="sm" radius="md" data-testid="aml-alert" data-timestamp={alert.timestamp}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs">
                <Badge color={priorityColor(alert.priority)} data-testid="aml-alert-priority">
                  {alert.priority}
                </Badge>
                <Text size="sm" fw={600} tt="capitalize">
                  {alert.transactionType}
                </Text>
                <Text size="sm">{formatUsd(alert.amount)}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {new Date(alert.timestamp).toLocaleString()}
              </Text>
            </Group>
            <Group gap={6} mt={6}>
              <Text size="xs" c="dimmed">
                Risk {alert.riskScore}/100
              </Text>
              {alert.riskFlags.map((flag) => (
                <Badge key={flag} size="xs" variant="outline" color="gray">
                  {flagLabel(flag)}
                </Badge>
              ))}
              {alert.requiresReview && (
                <Badge size="xs" variant="light" color="red">
                  review required
                </Badge>
              )}
            </Group>
          </Card>
        ))
      )}
      <LoadMoreButton query={listed} testId="aml-alerts-more" />
    </Stack>
  );
}
