import { Card, Text, Title } from '@mantine/core';

/** A screen that is routed but not built yet; it shows no sample data on purpose. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Card withBorder padding="xl">
        <Text c="dimmed">This screen is coming soon.</Text>
      </Card>
    </>
  );
}
