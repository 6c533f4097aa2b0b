import { Accordion, List, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconLeaf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LandingSection } from '../LandingSection/LandingSection';

const statistics = [
  { value: '78', label: 'Carbon pricing systems', detail: '43 taxes, 35 ETS' },
  { value: '28%', label: 'Of global emissions covered', detail: 'by carbon taxes and ETS' },
  { value: 'Over $100B', label: 'Revenue', detail: 'raised by carbon pricing' },
  { value: '$535M', label: 'Voluntary market', detail: 'market value of voluntary credits' },
];

const complianceMarkets = ['EU ETS', 'UK ETS', 'California', 'Quebec', 'RGGI', 'China ETS', 'K-ETS', 'NZ ETS'];

/** One kind of carbon market, folded under its icon and name. */
function MarketItem({ value, color, icon, title, children }: { value: string; color: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control
        icon={
          <ThemeIcon variant="light" color={color} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        }
      >
        {title}
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">{children}</Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

export function CarbonEconomyOverview() {
  return (
    <LandingSection
      id="carbon-economy"
      eyebrow="Global carbon economy"
      title="Carbon has a price in most of the world’s economies"
      description="Governments price emissions through taxes and trading systems, while companies buy voluntary credits to go beyond what regulation asks."
    >
      <Stack gap={40}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {statistics.map(({ value, label, detail }) => (
            <Paper key={label} radius="md" p={{ base: 'md', sm: 'lg' }} bg="linear-gradient(135deg, #064e3b 0%, #0f766e 100%)" data-testid="economy-statistic">
              <Text fz={{ base: 22, sm: 32 }} fw={800} c="white" lh={1.1}>
                {value}
              </Text>
              <Text fw={600} fz={{ base: 'sm', sm: 'md' }} c="white" mt={6}>
                {label}
              </Text>
              <Text fz={{ base: 'xs', sm: 'sm' }} c="rgba(255,255,255,0.72)">
                {detail}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Accordion variant="separated" radius="md" defaultValue="ets" order={3}>
          <MarketItem value="ets" color="teal" icon={<IconBuildingBank size={18} />} title="Compliance Markets (ETS)">
            <Text fz="sm">
              An emissions trading system caps the total emissions of covered sectors. Regulated companies must surrender one allowance for every tonne they
              emit, and trade allowances among themselves, so the cap sets the price. The cap tightens each year.
            </Text>
            <Text fz="sm" fw={600}>
              Markets tracked on this page
            </Text>
            <List fz="sm" spacing={2} style={{ columns: '4 9rem' }}>
              {complianceMarkets.map((market) => (
                <List.Item key={market}>{market}</List.Item>
              ))}
            </List>
          </MarketItem>
          <MarketItem value="vcm" color="green" icon={<IconLeaf size={18} />} title="Voluntary Carbon Markets (VCM)">
            <Text fz="sm">
              In the voluntary market, companies buy credits from projects that reduce or remove emissions, beyond any legal obligation. Prices vary with
              project type, vintage and quality label.
            </Text>
            <List fz="sm" spacing={4}>
              <List.Item>Nature: forestry, forest management and grassland restoration.</List.Item>
              <List.Item>Renewable: solar, wind and hydro energy certificates.</List.Item>
              <List.Item>Technology: direct air capture, CCS and biochar removals.</List.Item>
              <List.Item>Premium: CORSIA-eligible, exchange-traded and ICVCM CCP-labelled credits.</List.Item>
            </List>
          </MarketItem>
        </Accordion>
      </Stack>
    </LandingSection>
  );
}
