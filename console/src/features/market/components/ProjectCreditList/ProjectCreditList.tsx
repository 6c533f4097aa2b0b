import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBlocks,
  IconBuildingFactory2,
  IconBuildingSkyscraper,
  IconCertificate,
  IconCloudDown,
  IconDroplet,
  IconFlame,
  IconPlane,
  IconPlant2,
  IconSun,
  IconTree,
  IconTrees,
  IconWind,
  type Icon,
} from '@tabler/icons-react';
import { projectCredits, type ProjectCredit, type ProjectCreditCategory, type ProjectCreditIcon } from '@carbon-ledger/contracts';
import { formatPrice, formatPriceChange, isNegativeChange } from '../../format-price';

const icons: Record<ProjectCreditIcon, Icon> = {
  trees: IconTrees,
  tree: IconTree,
  plant: IconPlant2,
  sun: IconSun,
  wind: IconWind,
  droplet: IconDroplet,
  air: IconCloudDown,
  factory: IconBuildingFactory2,
  flame: IconFlame,
  plane: IconPlane,
  building: IconBuildingSkyscraper,
  blocks: IconBlocks,
  certificate: IconCertificate,
};

const categoryColors: Record<ProjectCreditCategory, string> = {
  nature: 'green',
  renewable: 'yellow',
  technology: 'blue',
  premium: 'grape',
};

/** Project credits are quoted in USD per tCO2e. */
const CREDIT_CURRENCY = 'USD';

function ProjectCreditRow({ credit, divided }: { credit: ProjectCredit; divided: boolean }) {
  const CreditIcon = icons[credit.icon];
  const color = categoryColors[credit.category];
  const falling = isNegativeChange(credit.changePct);
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      px="md"
      data-testid="project-credit-row"
      aria-label={credit.name}
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group wrap="nowrap" gap="sm" miw={0} align="flex-start">
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          <CreditIcon size={20} />
        </ThemeIcon>
        <Box miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} fz="sm">
              {credit.name}
            </Text>
            <Badge size="xs" variant="light" color={color}>
              {credit.category}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {credit.description}
          </Text>
        </Box>
      </Group>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700} fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPrice(credit.price, CREDIT_CURRENCY)}
        </Text>
        <Text fz="xs" fw={600} c={falling ? 'red.7' : 'teal.7'}>
          {formatPriceChange(credit.change24h, CREDIT_CURRENCY)} ({credit.changePct})
        </Text>
        <Text fz="xs" c="dimmed">
          {credit.volume}M tCO2e
        </Text>
      </Stack>
    </Group>
  );
}

/** The built-in project / voluntary credit samples (no API call serves them). */
export function ProjectCreditList() {
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Project credit prices</Title>
        <Text c="dimmed" fz="sm">
          Voluntary market credits by project type, in USD per tCO2e with traded volume.
        </Text>
      </div>
      <Paper withBorder radius="md" shadow="xs">
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Project credit prices">
          {projectCredits.map((credit, index) => (
            <ProjectCreditRow key={credit.name} credit={credit} divided={index > 0} />
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}
