import { Text, Title } from '@mantine/core';

/** An admin section's title, which its card is labelled by (`id`), and what the section is for. */
export function SectionHeading({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div>
      <Title order={3} id={id}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm">
        {description}
      </Text>
    </div>
  );
}
