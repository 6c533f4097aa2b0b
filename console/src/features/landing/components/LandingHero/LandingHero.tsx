import { Anchor, Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBolt, IconCertificate, IconLeaf, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../../shared/components/BrandMark/BrandMark';
import { ParticleField } from '../ParticleField/ParticleField';
import classes from './LandingHero.module.css';

const highlights = [
  { icon: IconBolt, title: 'Settlement in under 3 seconds', text: 'Trades settle on the XRP Ledger.' },
  { icon: IconShieldCheck, title: 'KYC/AML-gated trading', text: 'Every counterparty verified before it trades.' },
  { icon: IconCertificate, title: 'Retirements with proof', text: 'Registry links and on-ledger records for each retirement.' },
];

export interface LandingHeroProps {
  onStartTrading: () => void;
}

export function LandingHero({ onStartTrading }: LandingHeroProps) {
  return (
    <Box component="header" className={classes.hero}>
      <ParticleField />
      <Container size="lg" className={classes.content} py={{ base: 'lg', md: 'xl' }}>
        <Group justify="space-between" wrap="nowrap">
          <BrandMark onDark />
          <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Page sections">
            <Anchor href="#markets" className={classes.navLink}>
              Markets
            </Anchor>
            <Anchor href="#carbon-economy" className={classes.navLink}>
              Carbon economy
            </Anchor>
            <Anchor href="#features" className={classes.navLink}>
              Platform
            </Anchor>
            <Anchor component={Link} to="/registry" className={classes.navLink}>
              Public registry
            </Anchor>
          </Group>
        </Group>

        <Group justify="space-between" align="center" wrap="nowrap" gap="xl" pt={{ base: 56, md: 96 }} pb={{ base: 40, md: 64 }}>
          <Stack gap="lg" maw={720}>
            <Badge variant="light" color="teal" size="lg" radius="sm" w="fit-content">
              Carbon credits on the XRP Ledger
            </Badge>
            <Title order={1} className={classes.title}>
              Issue, trade and retire <span className={classes.accent}>verified carbon credits</span>
            </Title>
            <Text fz={{ base: 'md', md: 'xl' }} c="rgba(255,255,255,0.82)" maw={640}>
              One ledger for credit issuers, traders and ESG teams: tokenised credits with full provenance, identity checks built in, and reporting ready for
              CSRD and ISSB.
            </Text>
            <Group gap="md">
              <Button size="lg" color="teal.5" radius="md" rightSection={<IconArrowRight size={18} />} onClick={onStartTrading}>
                Start Trading
              </Button>
              <Button component="a" href="#markets" size="lg" radius="md" variant="outline" color="gray.0">
                View market prices
              </Button>
            </Group>
          </Stack>
          <Box className={classes.artwork} visibleFrom="md" aria-hidden>
            <div className={`${classes.ring} ${classes.ringOuter}`} />
            <div className={`${classes.ring} ${classes.ringMiddle}`} />
            <div className={`${classes.ring} ${classes.ringInner}`} />
            <div className={classes.core}>
              <IconLeaf size={44} />
            </div>
          </Box>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" pb={{ base: 48, md: 80 }}>
          {highlights.map(({ icon: HighlightIcon, title, text }) => (
            <Group key={title} className={classes.highlight} p="md" wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" color="teal" radius="md" size="lg" aria-hidden>
                <HighlightIcon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600} c="white">
                  {title}
                </Text>
                <Text fz="sm" c="rgba(255,255,255,0.7)">
                  {text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
