import { z } from 'zod';

/** Read-model names the console maps to query keys. */
export const viewNames = ['orders', 'users', 'kyc-status', 'aml-alerts', 'compliance-dashboard'] as const;
export type ViewName = (typeof viewNames)[number];

export const projectionUpdatedMessage = z.object({
  views: z.array(z.string()),
  /** "commit:prepare" of the last event the batch applied. */
  position: z.string(),
});
export type ProjectionUpdatedMessage = z.infer<typeof projectionUpdatedMessage>;

export const socketEvents = {
  projectionUpdated: 'projection-updated',
} as const;
