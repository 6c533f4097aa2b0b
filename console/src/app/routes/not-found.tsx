import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function NotFoundRoute() {
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="not-found">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon color="red" variant="light" size={48} radius="xl">
          <IconAlertCircle size={28} />
        </ThemeIcon>
        <Title order={1} size="h2">
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
      </Stack>
    </Card>
  );
}
