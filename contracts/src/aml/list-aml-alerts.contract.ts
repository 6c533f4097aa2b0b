import { z } from 'zod';
import { AML_ALERTS_DEFAULT_LIMIT, AML_ALERTS_MAX_LIMIT } from './aml.constants.js';
import { amlAlertView } from './aml.views.js';
import { wholeNumberParam } from '../shared/whole-number-param.js';

/** GET /api/aml/alerts?limit= */
export const listAmlAlertsParams = z.object({
  limit: wholeNumberParam('limit', AML_ALERTS_MAX_LIMIT, AML_ALERTS_DEFAULT_LIMIT),
});
export type ListAmlAlertsParams = z.infer<typeof listAmlAlertsParams>;

/** Newest first. */
export const listAmlAlertsResponse = z.object({
  alerts: z.array(amlAlertView),
  totalAlerts: z.number().int(),
});
export type ListAmlAlertsResponse = z.infer<typeof listAmlAlertsResponse>;
