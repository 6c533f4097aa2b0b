import { Badge, SimpleGrid } from '@mantine/core';
import { LandingCard, LandingSection } from '../LandingSection/LandingSection';

const scopes = [
  {
    scope: 1,
    title: 'Direct',
    color: 'red',
    text: 'Emissions from sources the company owns or controls: fuel burnt on site, company vehicles, process emissions.',
  },
  {
    scope: 2,
    title: 'Energy',
    color: 'orange',
    text: 'Indirect emissions from the electricity, steam, heating and cooling the company buys.',
  },
  {
    scope: 3,
    title: 'Value chain',
    color: 'yellow',
    text: 'Upstream and downstream emissions: suppliers, logistics, business travel, product use and end of life.',
  },
  {
    scope: 4,
    title: 'Avoided',
    color: 'teal',
    text: 'Emissions avoided elsewhere because of the company’s products or services, measured against a baseline.',
  },
  {
    scope: 5,
    title: 'Behavioral',
    color: 'blue',
    text: 'Reductions that come from changing how employees, customers and communities act.',
  },
];

export function EmissionScopesSection() {
  return (
    <LandingSection
      id="scopes"
      tone="muted"
      eyebrow="Emission scopes"
      title="Scopes 1-5, measured in one place"
      description="Issuers report emissions by scope when they create credits, so buyers can see exactly what a credit offsets."
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        {scopes.map(({ scope, title, color, text }) => (
          <LandingCard key={scope} title={title} text={text} titleSize="md" style={{ borderTop: `4px solid var(--mantine-color-${color}-6)` }}>
            <Badge color={color} variant="light" radius="sm" mb="sm">
              Scope {scope}
            </Badge>
          </LandingCard>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
