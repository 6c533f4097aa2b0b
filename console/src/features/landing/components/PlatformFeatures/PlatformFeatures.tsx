import { Box, ThemeIcon } from '@mantine/core';
import { IconBrain, IconRecycle, IconShieldLock, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { LandingCard, LandingSection } from '../LandingSection/LandingSection';
import classes from './PlatformFeatures.module.css';

const features = [
  {
    icon: IconRecycle,
    title: 'Credit lifecycle',
    text: 'Issue credits from verified projects, trade them on the ledger and retire them with a certificate and registry link.',
  },
  {
    icon: IconBrain,
    title: 'AI insights',
    text: 'Portfolio suggestions and market commentary that show their reasoning, confidence and risk.',
  },
  {
    icon: IconUsersGroup,
    title: 'Workforce localization',
    text: 'Track local hiring and training commitments next to emissions targets for regional programmes.',
  },
  {
    icon: IconWorld,
    title: 'Cross-border compliance',
    text: 'KYC and AML screening with jurisdiction rules for UAE, KSA, UK, US and EU counterparties.',
  },
  {
    icon: IconShieldLock,
    title: 'Blockchain security',
    text: 'Settlement on the XRP Ledger and a hash-chained audit trail that anyone can verify.',
  },
];

export function PlatformFeatures() {
  return (
    <LandingSection
      id="features"
      tone="muted"
      eyebrow="Platform"
      title="Everything a carbon desk needs"
      description="From the first issuance to the final retirement, with the controls auditors ask for."
    >
      <Box className={classes.grid}>
        {features.map(({ icon: FeatureIcon, title, text }) => (
          <LandingCard key={title} title={title} text={text} shadow="xs" data-testid="feature-card">
            <ThemeIcon size={44} radius="md" variant="gradient" gradient={{ from: 'teal.7', to: 'green.5', deg: 135 }} mb="md" aria-hidden>
              <FeatureIcon size={24} />
            </ThemeIcon>
          </LandingCard>
        ))}
      </Box>
    </LandingSection>
  );
}
