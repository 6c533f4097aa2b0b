import { z } from 'zod';
import { ledgerSealedData } from './audit.events.js';

/** POST /api/audit/seals: the seal written now, or null when no event awaited one. */
export const sealLogResponse = z.object({ seal: ledgerSealedData.nullable() });
export type SealLogResponse = z.infer<typeof sealLogResponse>;
