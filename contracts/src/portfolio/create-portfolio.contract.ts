import { z } from 'zod';
import { freeText } from '../shared/free-text.js';
import { DEFAULT_RISK_PROFILE, riskProfiles } from './portfolio.constants.js';
import { portfolioView } from './portfolio.views.js';

export const PORTFOLIO_NAME_REQUIRED = 'Portfolio name is required';
export const PORTFOLIO_NAME_MAX = 100;
export const PORTFOLIO_DESCRIPTION_MAX = 1000;

export const createPortfolioRequest = z.object({
  name: freeText({ label: 'Portfolio name', max: PORTFOLIO_NAME_MAX, min: 1, requiredMessage: PORTFOLIO_NAME_REQUIRED }),
  description: freeText({ label: 'Description', max: PORTFOLIO_DESCRIPTION_MAX, multiline: true }).default(''),
  riskProfile: z.enum(riskProfiles, { error: `Risk profile must be one of: ${riskProfiles.join(', ')}` }).default(DEFAULT_RISK_PROFILE),
  /** The spec sends it; it must be the signed-in user's own id (admins may name anyone). */
  userId: z.string().trim().min(1).max(200).optional(),
});
export type CreatePortfolioRequest = z.input<typeof createPortfolioRequest>;
export type CreatePortfolioCommandInput = z.output<typeof createPortfolioRequest>;

export const createPortfolioResponse = portfolioView.extend({ position: z.string() });
export type CreatePortfolioResponse = z.infer<typeof createPortfolioResponse>;
