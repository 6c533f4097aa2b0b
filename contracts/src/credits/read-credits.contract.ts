import { z } from 'zod';
import { serialNumberPattern, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { retirementAnalyticsFilters } from './credits.views.js';

/** GET /api/enhanced-retirement/analytics/{filter} */
export const retirementAnalyticsParams = z.object({
  filter: z.enum(retirementAnalyticsFilters, { error: `Filter must be one of: ${retirementAnalyticsFilters.join(', ')}` }),
});

/** GET /api/provenance/{tokenId} */
export const provenanceParams = z.object({
  tokenId: z.string().regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
});

/** GET /api/provenance/serials/{serial} */
export const serialProvenanceParams = z.object({
  serial: z.string().regex(serialNumberPattern, 'Serial number must look like NXCC-SOLAR-2026-7F3A9C21-000151'),
});
