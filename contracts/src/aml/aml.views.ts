import { z } from 'zod';
import { amlAlertPriorities, amlRiskFlags } from './aml.constants.js';

/** An AML alert as the compliance screens show it. */
export const amlAlertView = z.object({
  alertId: z.uuid(),
  priority: z.enum(amlAlertPriorities),
  transactionType: z.string(),
  transactionId: z.string(),
  riskScore: z.number().int().min(0).max(100),
  amount: z.number(),
  userId: z.string(),
  riskFlags: z.array(z.enum(amlRiskFlags)),
  reasons: z.array(z.string()),
  requiresReview: z.boolean(),
  /** When the alert was raised. */
  timestamp: z.iso.datetime(),
});
export type AmlAlertView = z.infer<typeof amlAlertView>;

/** Socket message 'aml-alert', pushed after the AML read model commits the alert. */
export const AML_ALERT_SOCKET_EVENT = 'aml-alert';
export const amlAlertMessage = amlAlertView.extend({
  /** The projection that committed the alert (realtime messages name theirs, see projection-updated). */
  projection: z.string().min(1),
  /** "commit:prepare" of the AmlAlertRaised event; lets a client drop duplicates. */
  position: z.string(),
});
export type AmlAlertMessage = z.infer<typeof amlAlertMessage>;
