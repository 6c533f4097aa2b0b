import type { ComplianceDashboardResponse } from '@carbon-ledger/contracts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatCount } from '../../../../shared/format/plural';

interface Stat {
  key: string;
  label: string;
  value: string;
  hint?: string;
}

function statsOf(dashboard: ComplianceDashboardResponse): Stat[] {
  return [
    { key: 'total-users', label: 'Total users', value: String(dashboard.totalUsers) },
    {
      key: 'verified-users',
      label: 'Verified users',
      value: String(dashboard.verifiedUsers),
      hint: `${dashboard.verificationRate}% verification rate`,
    },
    { key: 'verification-rate', label: 'Verification rate', value: `${dashboard.verificationRate}%` },
    {
      key: 'high-risk',
      label: 'High-risk transactions',
      value: String(dashboard.highRiskTransactions),
      hint: formatCount(dashboard.highPriorityAlerts, 'high-priority alert'),
    },
    { key: 'requiring-review', label: 'Requiring review', value: String(dashboard.transactionsRequiringReview) },
    { key: 'average-risk', label: 'Average risk score', value: `${dashboard.averageRiskScore}/100` },
  ];
}

export function ComplianceStats({ dashboard }: { dashboard: ComplianceDashboardResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="compliance-stats">
      {statsOf(dashboard).map((stat) => (
        <Card key={stat.key} withBorder padding="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {stat.label}
          </Text>
          <Text size="xl" fw={700} data-testid={`stat-${stat.key}`}>
            {stat.value}
          </Text>
          {stat.hint && (
            <Text size="xs" c="dimmed">
              {stat.hint}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
