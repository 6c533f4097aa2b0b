import { z } from 'zod';
import { AML_ALERTS_DEFAULT_LIMIT, AML_ALERTS_MAX_LIMIT } from './aml.constants.js';
import { amlAlertView } from './aml.views.js';
import { cursorKeyParts, nextCursorField, pageQuery } from '../shared/paging.js';

/** GET /api/aml/alerts?limit=&cursor=: newest first, then by alert id. */
export const listAmlAlertsParams = pageQuery(
  'aml-alerts',
  z.tuple([cursorKeyParts.instant, cursorKeyParts.uuid]),
  AML_ALERTS_DEFAULT_LIMIT,
  AML_ALERTS_MAX_LIMIT,
);
export type ListAmlAlertsParams = z.infer<typeof listAmlAlertsParams>;

/** Newest first. */
export const listAmlAlertsResponse = z.object({
  alerts: z.array(amlAlertView),
  /** Every alert, not only this page's. */
  totalAlerts: z.number().int(),
  nextCursor: nextCursorField,
});
export type ListAmlAlertsResponse = z.infer<typeof listAmlAlertsResponse>;
