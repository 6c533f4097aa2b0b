import { amlRoutes } from '../aml/aml.routes.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { authRoutes } from '../auth/auth.routes.js';
import { complianceRoutes } from '../compliance/compliance.routes.js';
import { creditsRoutes } from '../credits/credits.routes.js';
import { fundsRoutes } from '../funds/funds.routes.js';
import { healthRoutes } from '../health/health.routes.js';
import { kycRoutes } from '../kyc/kyc.routes.js';
import { marketRoutes } from '../market/market.routes.js';
import { ordersRoutes } from '../orders/orders.routes.js';
import { portfolioRoutes } from '../portfolio/portfolio.routes.js';
import { projectsRoutes } from '../projects/projects.routes.js';
import { xrplRoutes } from '../xrpl/xrpl.routes.js';
import type { ApiRoute } from './api-route.js';

/** Every route of the HTTP API, per capability; a test checks the service registers exactly these. */
export const allApiRoutes: Readonly<Record<string, readonly ApiRoute[]>> = {
  orders: ordersRoutes,
  credits: creditsRoutes,
  projects: projectsRoutes,
  xrpl: xrplRoutes,
  kyc: kycRoutes,
  aml: amlRoutes,
  compliance: complianceRoutes,
  market: marketRoutes,
  portfolio: portfolioRoutes,
  funds: fundsRoutes,
  auth: authRoutes,
  audit: auditRoutes,
  health: healthRoutes,
};
