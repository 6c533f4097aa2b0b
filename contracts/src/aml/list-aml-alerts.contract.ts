import { z } from 'zod';
import { AML_ALERTS_DEFAULT_LIMIT, AML_ALERTS_MAX_LIMIT } from './aml.constants.js';
import { amlAlertView } from './aml.views.js';

/** GET /api/aml/alerts?limit= */
export const listAmlAlertsParams = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AML_ALERTS_MAX_LIMIT, `limit must be at most ${AML_ALERTS_MAX_LIMIT}`)
    .default(AML_ALERTS_DEFAULT_LIMIT),
});
export type ListAmlAlertsParams = z.infer<typeof listAmlAlertsParams>;

/** Newest first. */
export const listAmlAlertsResponse = z.object({
  alerts: z.array(amlAlertView),
  totalAlerts: z.number().int(),
});
export type ListAmlAlertsResponse = z.infer<typeof listAmlAlertsResponse>;
