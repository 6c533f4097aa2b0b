import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';

export function PortfolioEmptyState({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <Card withBorder padding="xl" radius="md" data-testid="portfolio-empty">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconBriefcase size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Start Building Your Portfolio
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          Group your carbon credits with a risk profile and get explainable suggestions from the optimizer.
        </Text>
        <Button onClick={onGetStarted}>Get Started</Button>
      </Stack>
    </Card>
  );
}
