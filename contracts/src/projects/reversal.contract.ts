import { z } from 'zod';
import { freeText } from '../shared/free-text.js';
import { documentCitations } from './project-documents.js';
import { MAX_VINTAGE_QUANTITY } from './projects.constants.js';

/**
 * POST /api/projects/{id}/reversals: the registry records tCO2e a registered project lost (a fire,
 * a pest, a storm, land-use change), its cause and evidence (documents by hash). The buffer pool's
 * credits are then cancelled for it, oldest first; what it cannot cover is the stated shortfall.
 */
export const recordReversalRequest = z.object({
  quantity: z
    .number({ error: 'tCO2e lost is required' })
    .int('tCO2e lost must be a whole number')
    .min(1, 'A reversal loses at least 1 tCO2e')
    .max(MAX_VINTAGE_QUANTITY, `At most ${MAX_VINTAGE_QUANTITY} tCO2e`),
  cause: freeText({ label: 'Cause', min: 1, max: 2000, multiline: true }),
  documents: documentCitations,
});
export type RecordReversalRequest = z.input<typeof recordReversalRequest>;

export const recordReversalResponse = z.object({
  projectId: z.string(),
  reversalId: z.uuid(),
  status: z.string(),
  position: z.string(),
});
export type RecordReversalResponse = z.infer<typeof recordReversalResponse>;
