import { z } from 'zod';
import { amlAlertPriorities, amlRiskFlags } from './aml.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

export const amlAlertRaisedData = z.object({
  /** Derived from the screened event's id, so a re-delivered event raises no second alert. */
  alertId: z.uuid(),
  priority: z.enum(amlAlertPriorities),
  transactionType: z.string().min(1),
  transactionId: z.string().min(1),
  riskScore: z.number().int().min(0).max(100),
  /** USD value of the transaction. */
  amount: z.number().min(0),
  userId: z.string().min(1),
  riskFlags: z.array(z.enum(amlRiskFlags)).min(1),
  /** One plain sentence per flag, for the reviewer. */
  reasons: z.array(z.string()),
  requiresReview: z.boolean(),
  /** The event that was screened. */
  sourceEventId: z.uuid(),
  transactionAt: z.iso.datetime(),
  raisedAt: z.iso.datetime(),
});
export type AmlAlertRaisedData = z.infer<typeof amlAlertRaisedData>;

export const amlEvent = z.discriminatedUnion('type', [z.object({ type: z.literal('AmlAlertRaised'), data: amlAlertRaisedData })]);
export type AmlEvent = z.infer<typeof amlEvent>;
export type AmlAlertRaised = Extract<AmlEvent, { type: 'AmlAlertRaised' }>;

export const amlEventTypes = eventTypesOf(amlEvent);

export const isAmlEvent = eventGuard<AmlEvent>(amlEventTypes);

/** One stream per alert; appending with no_stream makes raising it idempotent. */
export const amlAlertStreamId = (alertId: string): string => `aml-alert-${alertId}`;
