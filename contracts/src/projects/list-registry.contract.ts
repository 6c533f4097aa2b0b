import { z } from 'zod';
import { cursorKeyParts, newestByLogKey, newestByNameKey, pageQuery } from '../shared/paging.js';

/** Batches and retirements carry their claims and serial ranges: 100 a page, as the signed-in retirements. */
export const REGISTRY_PAGE = 100;

/** GET /api/registry/batches?limit=&cursor=: newest issued first, then by batch id. */
export const listRegistryBatchesParams = pageQuery('registry-batches', newestByNameKey, REGISTRY_PAGE);
export type ListRegistryBatchesParams = z.infer<typeof listRegistryBatchesParams>;

/** GET /api/registry/retirements?limit=&cursor=: newest first, then by log position. */
export const listRegistryRetirementsParams = pageQuery('registry-retirements', newestByLogKey, REGISTRY_PAGE);
export type ListRegistryRetirementsParams = z.infer<typeof listRegistryRetirementsParams>;

/** GET /api/registry/cancellations?limit=&cursor=: newest first, then by log position. */
export const listRegistryCancellationsParams = pageQuery('registry-cancellations', newestByLogKey, REGISTRY_PAGE);
export type ListRegistryCancellationsParams = z.infer<typeof listRegistryCancellationsParams>;

/** Projects carry their reports, documents and issuances: 50 a page. */
export const PROJECTS_PAGE = 50;

/** GET /api/projects/mine?limit=&cursor=: newest drafted first, then by project id. */
export const listMyProjectsParams = pageQuery('my-projects', newestByNameKey, PROJECTS_PAGE);
export type ListMyProjectsParams = z.infer<typeof listMyProjectsParams>;

/** GET /api/registry/projects?limit=&cursor=: newest drafted first, then by project id. */
export const listRegistryProjectsParams = pageQuery('registry-projects', newestByNameKey, PROJECTS_PAGE);
export type ListRegistryProjectsParams = z.infer<typeof listRegistryProjectsParams>;

/**
 * A work queue's key: the projects that wait (for the registry, or for the verifier) come first,
 * the one waiting longest first (by since when it waits); then every other project, newest drafted
 * first; each part then by project id.
 */
const workQueueKey = z.tuple([z.enum(['waiting', 'other']), cursorKeyParts.instant, cursorKeyParts.name]);
export type WorkQueueKey = z.infer<typeof workQueueKey>;

/** GET /api/projects/review-queue?limit=&cursor= */
export const listReviewQueueParams = pageQuery('review-queue', workQueueKey, PROJECTS_PAGE);
export type ListReviewQueueParams = z.infer<typeof listReviewQueueParams>;

/** GET /api/projects/verification-queue?limit=&cursor= */
export const listVerificationQueueParams = pageQuery('verification-queue', workQueueKey, PROJECTS_PAGE);
export type ListVerificationQueueParams = z.infer<typeof listVerificationQueueParams>;
