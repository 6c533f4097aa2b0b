/** Every signed-in projects list starts with this key: a decision refreshes them all. */
export const projectsQueryKeyPrefix = ['api', 'projects'] as const;
/** Every public registry read starts with this key. */
export const registryQueryKeyPrefix = ['api', 'registry'] as const;

/** What any project decision changes: the signed-in lists and the public registry. */
export const projectDecisionRefreshes = [projectsQueryKeyPrefix, registryQueryKeyPrefix] as const;

/** The credits list (GET /api/credits): an approved issuance or an import adds batches to it. */
export const creditsListQueryKey = ['api', 'credits'] as const;
