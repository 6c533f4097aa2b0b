import { createBrowserRouter, type RouteObject } from 'react-router';
import { SessionGuard } from '../features/auth/components/SessionGuard/SessionGuard';
import { AppLayout } from './layout/AppLayout/AppLayout';
import { ComplianceRoute } from './routes/compliance';
import { DashboardRoute } from './routes/dashboard';
import { IssueCreditsRoute } from './routes/issue-credits';
import { LandingRoute } from './routes/landing';
import { MarketplaceRoute } from './routes/marketplace';
import { NotFoundRoute } from './routes/not-found';
import { PortfolioRoute } from './routes/portfolio';
import { ProfileRoute } from './routes/profile';
import { RetirementCertificateRoute } from './routes/retirement-certificate';
import { TradingDeskRoute } from './routes/trading-desk';
import { XrplTradingRoute } from './routes/xrpl-trading';

/**
 * Spec section 2: every route but the landing page sits under the shared header.
 * Sign-in is real (ARCHITECTURE section 8), so those routes also need a session.
 */
export const appRoutes: RouteObject[] = [
  { path: '/', Component: LandingRoute },
  // A retirement certificate is public: anyone holding its link may verify it.
  { path: '/retirements/:id', Component: RetirementCertificateRoute },
  {
    Component: SessionGuard,
    children: [
      {
        Component: AppLayout,
        children: [
          { path: '/dashboard', Component: DashboardRoute },
          { path: '/issue', Component: IssueCreditsRoute },
          { path: '/trade', Component: MarketplaceRoute },
          { path: '/xrpl', Component: XrplTradingRoute },
          { path: '/portfolio', Component: PortfolioRoute },
          { path: '/compliance', Component: ComplianceRoute },
          { path: '/trading-desk', Component: TradingDeskRoute },
          { path: '/profile', Component: ProfileRoute },
        ],
      },
    ],
  },
  // Spec 2: any other path is a 404 page under the header, signed in or not.
  { Component: AppLayout, children: [{ path: '*', Component: NotFoundRoute }] },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
