import { z } from 'zod';

/** Read-model names the console maps to query keys. */
export const viewNames = [
  'orders',
  'users',
  'kyc-status',
  'aml-alerts',
  'compliance-dashboard',
  'credits',
  'trades',
  'retirements',
  'metrics',
  'marketplace',
  'portfolios',
  'amm-reserves',
  'funds',
  'vault',
  'trade-offers',
] as const;
export type ViewName = (typeof viewNames)[number];

/**
 * Every realtime message names the projection that committed it and the position it reached:
 * two projections may end a batch at the same position, so a client drops duplicates per projection.
 */
export const projectionUpdatedMessage = z.object({
  projection: z.string().min(1),
  views: z.array(z.string()),
  /** "commit:prepare" of the last event the batch applied. */
  position: z.string(),
});
export type ProjectionUpdatedMessage = z.infer<typeof projectionUpdatedMessage>;

/** The product's newTrade (amount) after a trade; carries the log position so a client can drop duplicates. */
export const newTradeMessage = z.object({
  tradeId: z.string(),
  kind: z.enum(['order-match', 'direct', 'xrpl-amm']),
  amount: z.number(),
  price: z.string().nullable(),
  projectType: z.string(),
  vintage: z.number().int().nullable(),
  txHash: z.string().nullable(),
  /** The matched orders (order-match trades), so a client can tie the trade to its order. */
  buyOrderId: z.string().nullable(),
  sellOrderId: z.string().nullable(),
  timestamp: z.iso.datetime(),
  projection: z.string().min(1),
  position: z.string(),
});
export type NewTradeMessage = z.infer<typeof newTradeMessage>;

/** The product's newCredit (creditAmount) after an issuance. */
export const newCreditMessage = z.object({
  tokenId: z.string(),
  creditAmount: z.number().int(),
  projectName: z.string(),
  projectType: z.string(),
  nftId: z.string().nullable(),
  timestamp: z.iso.datetime(),
  projection: z.string().min(1),
  position: z.string(),
});
export type NewCreditMessage = z.infer<typeof newCreditMessage>;

export const socketEvents = {
  projectionUpdated: 'projection-updated',
  newTrade: 'newTrade',
  newCredit: 'newCredit',
} as const;

/** A message a projection's committed batch pushes to every signed-in socket, built from the batch's events. */
export type PushedMessage =
  | { readonly name: typeof socketEvents.newTrade; readonly message: NewTradeMessage }
  | { readonly name: typeof socketEvents.newCredit; readonly message: NewCreditMessage };
