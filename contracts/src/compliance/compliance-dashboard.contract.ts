import { z } from 'zod';

export const complianceActivity = z.object({
  /** Kind of screened transaction, e.g. "order". */
  type: z.string(),
  /** USD value; a retirement at its market's last trade price before it (as the AML screening values it), 0 without one. */
  amount: z.number(),
  /** Credits a retirement took out of circulation; null for orders and trades, whose amount is their price. */
  credits: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  isHighRisk: z.boolean(),
});
export type ComplianceActivity = z.infer<typeof complianceActivity>;

/** GET /api/kyc/dashboard (the console polls it every 30 s). Users are the owners of KYC records. */
export const complianceDashboardResponse = z.object({
  totalUsers: z.number().int(),
  /** Users with at least one verified, unexpired address. */
  verifiedUsers: z.number().int(),
  /** verifiedUsers / totalUsers as a rounded percent; 0 with no users. */
  verificationRate: z.number().int().min(0).max(100),
  /** Screened transactions whose AML risk score is 70 or more. */
  highRiskTransactions: z.number().int(),
  transactionsRequiringReview: z.number().int(),
  /** Mean KYC risk score over screened addresses, rounded; 0 with none. */
  averageRiskScore: z.number().int().min(0).max(100),
  recentActivity: z.array(complianceActivity),
  /** Users per jurisdiction; every jurisdiction is present, 0 when unused. */
  jurisdictionBreakdown: z.record(z.string(), z.number().int()),
  /** AML alerts of priority critical or high. */
  highPriorityAlerts: z.number().int(),
});
export type ComplianceDashboardResponse = z.infer<typeof complianceDashboardResponse>;
