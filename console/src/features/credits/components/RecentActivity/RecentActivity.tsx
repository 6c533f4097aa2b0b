import type { ActivityItem } from '@carbon-ledger/contracts';
import { Anchor, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconCertificate, IconLeaf } from '@tabler/icons-react';
import { useState } from 'react';
import { wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { SectionCard } from '../../../../shared/components/SectionCard/SectionCard';
import { formatCount } from '../../../../shared/format/plural';

/** Spec 9: the Overview shows the 3 newest entries until 'View All'. */
export const RECENT_ACTIVITY_SHOWN = 3;

function ActivityIcon({ type }: { type: ActivityItem['type'] }) {
  if (type === 'trade') {
    return (
      <ThemeIcon variant="light" color="blue" radius="xl">
        <IconArrowsExchange size={16} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon variant="light" color={type === 'retirement' ? 'teal' : 'carbon'} radius="xl">
      {type === 'retirement' ? <IconLeaf size={16} /> : <IconCertificate size={16} />}
    </ThemeIcon>
  );
}

/** `activity` is undefined while it loads. */
export function RecentActivity({ activity }: { activity: readonly ActivityItem[] | undefined }) {
  const [showAll, setShowAll] = useState(false);
  const all = activity ?? [];
  const shown = showAll ? all : all.slice(0, RECENT_ACTIVITY_SHOWN);

  return (
    <SectionCard
      title="Recent Activity"
      level={2}
      headerGap="md"
      data-testid="recent-activity"
      aside={
        all.length > RECENT_ACTIVITY_SHOWN && (
          <Anchor component="button" type="button" size="sm" onClick={() => setShowAll((all) => !all)} data-testid="recent-activity-toggle">
            {showAll ? 'Show Less' : 'View All'}
          </Anchor>
        )
      }
    >
      {activity === undefined ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading recent activity" />
        </Center>
      ) : activity.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="recent-activity-empty">
          No recent activity
        </Text>
      ) : (
        <Stack gap="sm">
          {shown.map((item, index) => (
            <Group key={`${item.timestamp}-${index}`} justify="space-between" wrap="nowrap" data-testid="recent-activity-item">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ActivityIcon type={item.type} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} title={item.description} style={wrapAnywhere}>
                    {item.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {new Date(item.timestamp).toLocaleString()}
                  </Text>
                </div>
              </Group>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="recent-activity-amount">
                {formatCount(item.amount, 'credit')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
