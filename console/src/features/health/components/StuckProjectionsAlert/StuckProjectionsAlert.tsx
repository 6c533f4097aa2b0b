import { describeStuckFollower } from '@carbon-ledger/contracts';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useHealth } from '../../api/get-health';

export const STUCK_PROJECTIONS_TITLE = 'Read models or reactions have stopped';
export const STUCK_PROJECTIONS_HINT =
  'Each retries on its own and never skips the event. Screens built from a stopped read model show data from before that event until it is fixed.';

/**
 * Which projection or reaction is stuck, at which event, and why. The app shell shows it to
 * administrators (`visible`); nobody else polls the health endpoint for it.
 */
export function StuckProjectionsAlert({ visible }: { readonly visible: boolean }) {
  const { data: health } = useHealth(visible);
  if (!visible || !health) return null;
  const stuck = [...health.projections, ...health.reactions].filter((follower) => follower.status === 'failed');
  if (stuck.length === 0) return null;
  return (
    <Alert color="red" variant="light" mb="lg" title={STUCK_PROJECTIONS_TITLE} icon={<IconAlertTriangle />} data-testid="stuck-projections-alert" role="alert">
      <List size="sm" spacing={4}>
        {stuck.map((follower) => (
          <List.Item key={follower.name}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {describeStuckFollower(follower)}
              {follower.failingSince ? ` (since ${new Date(follower.failingSince).toLocaleString()}, ${follower.failedAttempts ?? 1} attempts)` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {STUCK_PROJECTIONS_HINT}
      </Text>
    </Alert>
  );
}
