import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck } from '@tabler/icons-react';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';

/** The Overview's Compliance Overview is a fixed product text. */
const frameworks = ['CSRD Verified', 'ISSB Aligned', 'UN SDG 13 Mapped', 'CAD Trust Registered'] as const;
const NEXT_AUDIT = 'March 15, 2025';

export function ComplianceOverview() {
  return (
    <TitledCard title="Compliance Overview" level={2} data-testid="compliance-overview">
      <Stack gap="xs">
        {frameworks.map((framework) => (
          <Group key={framework} gap="xs" data-testid="compliance-framework">
            <ThemeIcon color="teal" variant="light" radius="xl" size="sm">
              <IconCircleCheck size={14} />
            </ThemeIcon>
            <Text size="sm">{framework}</Text>
          </Group>
        ))}
        <Group gap="xs" mt="xs">
          <ThemeIcon color="gray" variant="light" radius="xl" size="sm">
            <IconCalendarEvent size={14} />
          </ThemeIcon>
          <Text size="sm">
            Next Audit: <b data-testid="next-audit">{NEXT_AUDIT}</b>
          </Text>
        </Group>
      </Stack>
    </TitledCard>
  );
}
