import { lazy, Suspense, useState } from 'react';
import { Box, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { CarbonCaptureSection } from '../../features/landing/components/CarbonCaptureSection/CarbonCaptureSection';
import { CarbonEconomyOverview } from '../../features/landing/components/CarbonEconomyOverview/CarbonEconomyOverview';
import { EmissionScopesSection } from '../../features/landing/components/EmissionScopesSection/EmissionScopesSection';
import { LandingFooter } from '../../features/landing/components/LandingFooter/LandingFooter';
import { LandingHero } from '../../features/landing/components/LandingHero/LandingHero';
import { LandingSection } from '../../features/landing/components/LandingSection/LandingSection';
import { PlatformFeatures } from '../../features/landing/components/PlatformFeatures/PlatformFeatures';
import { CompliancePriceBoard } from '../../features/market/components/CompliancePriceBoard/CompliancePriceBoard';
import { ProjectCreditList } from '../../features/market/components/ProjectCreditList/ProjectCreditList';

const DEFAULT_AFTER_LOGIN = '/dashboard';

// The dialog (a modal, its focus trap, the login contract) loads when it first opens: the landing page stays light.
const LoginDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/LoginDialog/LoginDialog')).LoginDialog,
}));

/**
 * Only a same-site path may follow a login; anything else ('//evil.example', 'https://...')
 * goes to the dashboard. Browsers read a backslash as '/' and drop tabs and newlines, hence those checks.
 */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || /^\/[/\\]/.test(next) || /\s/.test(next)) {
    return DEFAULT_AFTER_LOGIN;
  }
  return next;
}

export function LandingRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Guarded routes send signed-out users here as /?login=1&next=/path.
  const [loginOpened, setLoginOpened] = useState(() => searchParams.get('login') === '1');
  // Once opened, the dialog stays mounted so that closing it still animates.
  const [loginMounted, setLoginMounted] = useState(loginOpened);
  const redirectTo = safeNextPath(searchParams.get('next'));
  const session = useSession();
  const navigate = useNavigate();
  // Signed in already: 'Start Trading' goes where a login would have led.
  const startTrading = () => {
    if (session.data) return void navigate(DEFAULT_AFTER_LOGIN);
    setLoginMounted(true);
    setLoginOpened(true);
  };

  const closeLogin = () => {
    setLoginOpened(false);
    // Drop the open flag so a reload does not reopen the dialog; keep `next` for a later login.
    if (searchParams.has('login')) {
      setSearchParams(
        (params) => {
          const kept = new URLSearchParams(params);
          kept.delete('login');
          return kept;
        },
        { replace: true },
      );
    }
  };

  return (
    <Box>
      <LandingHero onStartTrading={startTrading} />
      <Box component="main">
        <CarbonCaptureSection />
        <EmissionScopesSection />
        <LandingSection
          id="markets"
          eyebrow="Carbon markets"
          title="Carbon prices, refreshed every minute"
          description="Allowance prices from the major emissions trading systems, and where voluntary project credits trade."
        >
          <Stack gap={48}>
            <CompliancePriceBoard />
            <ProjectCreditList />
          </Stack>
        </LandingSection>
        <CarbonEconomyOverview />
        <PlatformFeatures />
      </Box>
      <LandingFooter />
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog opened={loginOpened} onClose={closeLogin} redirectTo={redirectTo} />
        </Suspense>
      )}
    </Box>
  );
}
