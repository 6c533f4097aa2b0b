import { createBrowserRouter, type RouteObject } from 'react-router';
import { SessionGuard } from '../features/auth/components/SessionGuard/SessionGuard';
import { RootLayout } from './layout/RootLayout/RootLayout';
import { RouteLoading } from './layout/RouteLoading/RouteLoading';

/**
 * Each screen is its own chunk, loaded when its route matches: the landing page does not carry the
 * other screens' code, and xrpl.js comes only with the screens that sign (the landing page's budget,
 * `e2e/landing.e2e.ts`).
 */
const screen = {
  // The header and its menus, for every screen but the landing page and a certificate.
  appLayout: async () => ({ Component: (await import('./layout/AppLayout/AppLayout')).AppLayout }),
  landing: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
  retirementCertificate: async () => ({
    Component: (await import('./routes/retirement-certificate')).RetirementCertificateRoute,
  }),
  publicRegistry: async () => ({ Component: (await import('./routes/public-registry')).PublicRegistryRoute }),
  projects: async () => ({ Component: (await import('./routes/projects')).ProjectsRoute }),
  dashboard: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
  issueCredits: async () => ({ Component: (await import('./routes/issue-credits')).IssueCreditsRoute }),
  marketplace: async () => ({ Component: (await import('./routes/marketplace')).MarketplaceRoute }),
  xrplTrading: async () => ({ Component: (await import('./routes/xrpl-trading')).XrplTradingRoute }),
  portfolio: async () => ({ Component: (await import('./routes/portfolio')).PortfolioRoute }),
  compliance: async () => ({ Component: (await import('./routes/compliance')).ComplianceRoute }),
  tradingDesk: async () => ({ Component: (await import('./routes/trading-desk')).TradingDeskRoute }),
  profile: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
  notFound: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
} satisfies Record<string, RouteObject['lazy']>;

/**
 * Every route but the landing page sits under the shared header, as the product lays it out.
 * Sign-in is real (server-side sessions, not a mock), so those routes also need a session.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    // The first screen's chunk is still loading.
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', lazy: screen.landing },
      // A retirement certificate is public: anyone holding its link may verify it.
      { path: '/retirements/:id', lazy: screen.retirementCertificate },
      // The registry is public too: projects, documents, issuances and retirements need no sign-in.
      { path: '/registry', lazy: screen.publicRegistry },
      {
        Component: SessionGuard,
        children: [
          {
            lazy: screen.appLayout,
            children: [
              { path: '/dashboard', lazy: screen.dashboard },
              { path: '/issue', lazy: screen.issueCredits },
              { path: '/projects', lazy: screen.projects },
              { path: '/trade', lazy: screen.marketplace },
              { path: '/xrpl', lazy: screen.xrplTrading },
              { path: '/portfolio', lazy: screen.portfolio },
              { path: '/compliance', lazy: screen.compliance },
              { path: '/trading-desk', lazy: screen.tradingDesk },
              { path: '/profile', lazy: screen.profile },
            ],
          },
        ],
      },
      // Any other path is a 404 page under the header, signed in or not.
      { lazy: screen.appLayout, children: [{ path: '*', lazy: screen.notFound }] },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
