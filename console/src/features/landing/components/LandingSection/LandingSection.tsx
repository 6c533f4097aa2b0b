import type { ReactNode } from 'react';
import { Box, Container, Paper, type PaperProps, Stack, Text, Title } from '@mantine/core';

export interface LandingSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  /** 'muted' alternates the background so adjacent sections read apart. */
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** A full-width landing section with a heading block. */
export function LandingSection({ id, eyebrow, title, description, tone = 'plain', children }: LandingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 56, md: 88 }}
      bg={tone === 'muted' ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-body)'}
    >
      <Container size="lg">
        <Stack gap={6} mb={{ base: 'xl', md: 40 }} maw={720}>
          <Text tt="uppercase" fz="xs" fw={700} c="teal.7" lts={1.2}>
            {eyebrow}
          </Text>
          <Title order={2} id={headingId} fz={{ base: 26, md: 34 }}>
            {title}
          </Title>
          {description !== undefined && (
            <Text c="dimmed" fz={{ base: 'sm', md: 'md' }}>
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

export interface LandingCardProps extends PaperProps {
  title: string;
  text: string;
  titleSize?: 'md' | 'lg';
  'data-testid'?: string;
  /** What stands above the title: an icon, a badge. */
  children: ReactNode;
}

/** A card of a landing section's grid: its mark, a title and a line of text. */
export function LandingCard({ title, text, titleSize = 'lg', children, ...paper }: LandingCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" {...paper}>
      {children}
      <Title order={3} fz={titleSize} mb={6}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm">
        {text}
      </Text>
    </Paper>
  );
}
