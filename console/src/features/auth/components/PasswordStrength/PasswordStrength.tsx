import { Group, Progress, Text } from '@mantine/core';
import { type PasswordAssessment, passwordScoreLabels } from '@carbon-ledger/contracts';

const colors = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

/** The strength of the password being typed, and why it would be refused. */
export function PasswordStrength({ assessment }: { assessment: PasswordAssessment | null }) {
  if (!assessment) return null;
  const color = assessment.acceptable ? colors[assessment.score] : assessment.score <= 1 ? 'red' : 'orange';
  return (
    <div data-testid="password-strength" data-acceptable={assessment.acceptable}>
      <Progress value={((assessment.score + 1) / 5) * 100} color={color} size="sm" aria-label="Password strength" />
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
        <Text fz="xs" fw={600} c={color}>
          {passwordScoreLabels[assessment.score]}
        </Text>
        {assessment.reason && (
          <Text fz="xs" c="dimmed" ta="right" data-testid="password-strength-reason">
            {assessment.reason}
          </Text>
        )}
      </Group>
    </div>
  );
}
