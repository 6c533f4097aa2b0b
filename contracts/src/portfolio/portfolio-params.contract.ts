import { z } from 'zod';
import { wholeNumberParam } from '../shared/whole-number-param.js';
import { DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS, suggestionIdPattern } from './portfolio.constants.js';

export const portfolioIdParams = z.object({ id: z.uuid('Portfolio id must be a UUID') });
export const portfolioOwnerParams = z.object({ userId: z.string().trim().min(1, 'User id is required').max(200, 'User id must be at most 200 characters') });
export const suggestionParams = z.object({
  id: z.uuid('Portfolio id must be a UUID'),
  suggestionId: z.string().regex(suggestionIdPattern, "Suggestion id must look like 'suggestion-' and 12 hexadecimal digits"),
});
export const analyticsQuery = z.object({
  days: wholeNumberParam('days', MAX_ANALYTICS_DAYS, DEFAULT_ANALYTICS_DAYS),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
