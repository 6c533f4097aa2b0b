/**
 * GET /api/credits: the key realtime updates of the 'credits' view invalidate, and the prefix of
 * every holdings query (list-holdings.ts), so they refresh with it.
 */
export const creditsQueryKey = ['api', 'credits'] as const;
