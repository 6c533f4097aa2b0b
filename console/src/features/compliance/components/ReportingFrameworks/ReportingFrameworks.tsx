import { Badge, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';

/**
 * The spec hard-codes reporting progress; nothing here measures it, so the numbers are shown
 * as targets, and the cards say what the evidence export actually provides.
 */
const frameworks = [
  { key: 'csrd', name: 'CSRD', description: 'EU Corporate Sustainability Reporting Directive', target: 100 },
  { key: 'issb', name: 'ISSB', description: 'IFRS S1/S2 sustainability disclosures', target: 95 },
  { key: 'un-sdg', name: 'UN SDG', description: 'UN Sustainable Development Goals', target: 88 },
];

export function ReportingFrameworks() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="reporting-frameworks">
      {frameworks.map((framework) => (
        <Card key={framework.key} withBorder padding="md" radius="md" data-testid={`framework-${framework.key}`}>
          <Group justify="space-between" mb={4}>
            <Text fw={700}>{framework.name}</Text>
            <Badge variant="light" color="blue">
              Covered by evidence export
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {framework.description}
          </Text>
          <Group justify="space-between" mb={4}>
            <Text size="xs" c="dimmed">
              Reporting target
            </Text>
            <Text size="xs" fw={600}>
              {framework.target}%
            </Text>
          </Group>
          <Progress value={framework.target} color="gray" size="sm" aria-label={`${framework.name} reporting target`} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
