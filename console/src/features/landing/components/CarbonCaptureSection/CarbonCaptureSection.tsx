import { Badge, Group, SimpleGrid, ThemeIcon } from '@mantine/core';
import { IconBuildingFactory, IconMountain, IconTruck } from '@tabler/icons-react';
import { LandingCard, LandingSection } from '../LandingSection/LandingSection';

const stages = [
  {
    step: 1,
    icon: IconBuildingFactory,
    title: 'Capture',
    text: 'CO2 is separated from industrial flue gas or drawn straight from the air before it reaches the atmosphere.',
  },
  {
    step: 2,
    icon: IconTruck,
    title: 'Transport',
    text: 'The captured CO2 is compressed and moved by pipeline or ship to a licensed storage site.',
  },
  {
    step: 3,
    icon: IconMountain,
    title: 'Storage',
    text: 'It is injected deep into geological formations and monitored so every stored tonne stays put.',
  },
];

export function CarbonCaptureSection() {
  return (
    <LandingSection
      id="carbon-capture"
      eyebrow="Carbon capture and storage"
      title="From smokestack to bedrock"
      description="Engineered removals turn a tonne of CO2 into a durable, measurable credit. Each stage is documented so the resulting credits carry their evidence with them."
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {stages.map(({ step, icon: StageIcon, title, text }) => (
          <LandingCard key={title} title={title} text={text} shadow="xs">
            <Group justify="space-between" mb="md">
              <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
                <StageIcon size={24} />
              </ThemeIcon>
              <Badge variant="outline" color="gray" radius="sm">
                Step {step}
              </Badge>
            </Group>
          </LandingCard>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
