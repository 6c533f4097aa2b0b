import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type ListMyProjectsParams,
  type ListRegistryProjectsParams,
  type ListReviewQueueParams,
  type ListVerificationQueueParams,
  type PagedProjectsResponse,
  pageOf,
  type ProjectView,
  type WorkQueueKey,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';
import { type ProjectRow, type ProjectsSelection, selectProjects, toProjectViews } from './project-views.js';

/** The signed-in proponent's projects, newest first, a page at a time. */
export class ListMyProjectsQuery extends Query<PagedProjectsResponse> {
  constructor(
    readonly userId: string,
    readonly page: ListMyProjectsParams,
  ) {
    super();
  }
}

/** Projects assigned to a verifier: those waiting for it (validation or a report to verify) first, a page at a time. */
export class VerificationQueueQuery extends Query<PagedProjectsResponse> {
  constructor(
    readonly verifierId: string,
    readonly page: ListVerificationQueueParams,
  ) {
    super();
  }
}

/** Every project, those waiting for the registry (validated, or with a verified report) first, a page at a time. */
export class ReviewQueueQuery extends Query<PagedProjectsResponse> {
  constructor(readonly page: ListReviewQueueParams) {
    super();
  }
}

/** The public registry: every project past its draft, without user ids, a page at a time. */
export class PublicProjectsQuery extends Query<PagedProjectsResponse> {
  constructor(readonly page: ListRegistryProjectsParams) {
    super();
  }
}

/** One project of the public registry; undefined when there is none or it is still a draft. */
export class PublicProjectQuery extends Query<ProjectView | undefined> {
  constructor(readonly projectId: string) {
    super();
  }
}

/** One page of `query` newest first, after the cursor's project: `limit + 1` rows tell whether a page follows. */
async function newestPage(
  query: ReturnType<typeof selectProjects>,
  list: string,
  { limit, cursor }: { limit: number; cursor?: readonly [string, string] | undefined },
): Promise<{ rows: ProjectRow[]; nextCursor: string | null }> {
  const after = cursor ? query.where(afterNewestThenId({ at: 'drafted_at', id: 'project_id' }, cursor, 'text')) : query;
  const found = await after
    .select(instantKey('drafted_at').as('at_key'))
    .orderBy('drafted_at', 'desc')
    .orderBy('project_id')
    .limit(limit + 1)
    .execute();
  return pageOf(found, limit, list, (row) => [row.at_key, row.project_id]);
}

/**
 * One page of a work queue: the projects that wait (`since` set: since when they wait) the one
 * waiting longest first, then the others newest drafted first, each part by project id. Each part
 * is a keyset read on an index in its order; a page that ends the waiting part goes on with the
 * others, so one cursor walks both.
 */
async function queuePage(
  query: ProjectsSelection,
  since: 'review_since' | 'verification_since',
  list: string,
  { limit, cursor }: { limit: number; cursor?: WorkQueueKey | undefined },
): Promise<{ rows: ProjectRow[]; nextCursor: string | null }> {
  const found: (ProjectRow & { part: WorkQueueKey[0]; at_key: string })[] = [];
  if (cursor === undefined || cursor[0] === 'waiting') {
    const waiting = query.where(since, 'is not', null);
    const after = cursor ? waiting.where(sql<boolean>`(${sql.ref(since)}, project_id) > (${cursor[1]}::timestamptz, ${cursor[2]}::text)`) : waiting;
    const rows = await after
      .select(instantKey(since).as('at_key'))
      .orderBy(since)
      .orderBy('project_id')
      .limit(limit + 1)
      .execute();
    found.push(...rows.map((row) => ({ ...row, part: 'waiting' as const })));
  }
  if (found.length <= limit) {
    const others = query.where(since, 'is', null);
    const after = cursor?.[0] === 'other' ? others.where(afterNewestThenId({ at: 'drafted_at', id: 'project_id' }, [cursor[1], cursor[2]], 'text')) : others;
    const rows = await after
      .select(instantKey('drafted_at').as('at_key'))
      .orderBy('drafted_at', 'desc')
      .orderBy('project_id')
      .limit(limit + 1 - found.length)
      .execute();
    found.push(...rows.map((row) => ({ ...row, part: 'other' as const })));
  }
  return pageOf(found, limit, list, (row) => [row.part, row.at_key, row.project_id]);
}

@QueryHandler(ListMyProjectsQuery)
export class ListMyProjectsHandler implements IQueryHandler<ListMyProjectsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId, page }: ListMyProjectsQuery): Promise<PagedProjectsResponse> {
    const { rows, nextCursor } = await newestPage(selectProjects(this.db).where('proponent_id', '=', userId), 'my-projects', page);
    return { projects: await toProjectViews(this.db, rows, 'signed-in'), nextCursor };
  }
}

@QueryHandler(VerificationQueueQuery)
export class VerificationQueueHandler implements IQueryHandler<VerificationQueueQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ verifierId, page }: VerificationQueueQuery): Promise<PagedProjectsResponse> {
    const assigned = selectProjects(this.db).where('verifier_id', '=', verifierId);
    const { rows, nextCursor } = await queuePage(assigned, 'verification_since', 'verification-queue', page);
    return { projects: await toProjectViews(this.db, rows, 'signed-in'), nextCursor };
  }
}

@QueryHandler(ReviewQueueQuery)
export class ReviewQueueHandler implements IQueryHandler<ReviewQueueQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page }: ReviewQueueQuery): Promise<PagedProjectsResponse> {
    const { rows, nextCursor } = await queuePage(selectProjects(this.db), 'review_since', 'review-queue', page);
    return { projects: await toProjectViews(this.db, rows, 'signed-in'), nextCursor };
  }
}

@QueryHandler(PublicProjectsQuery)
export class PublicProjectsHandler implements IQueryHandler<PublicProjectsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page }: PublicProjectsQuery): Promise<PagedProjectsResponse> {
    const { rows, nextCursor } = await newestPage(selectProjects(this.db).where('status', '<>', 'draft'), 'registry-projects', page);
    return { projects: await toProjectViews(this.db, rows, 'public'), nextCursor };
  }
}

@QueryHandler(PublicProjectQuery)
export class PublicProjectHandler implements IQueryHandler<PublicProjectQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ projectId }: PublicProjectQuery): Promise<ProjectView | undefined> {
    const row = await selectProjects(this.db).where('project_id', '=', projectId).where('status', '<>', 'draft').executeTakeFirst();
    if (!row) return undefined;
    const [view] = await toProjectViews(this.db, [row], 'public');
    return view;
  }
}
