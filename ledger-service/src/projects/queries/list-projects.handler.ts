import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type ListMyProjectsParams,
  type ListProjectsResponse,
  type ListRegistryProjectsParams,
  type PagedProjectsResponse,
  pageOf,
  type ProjectView,
} from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';
import { type ProjectRow, selectProjects, toProjectViews } from './project-views.js';

/** The signed-in proponent's projects, newest first, a page at a time. */
export class ListMyProjectsQuery extends Query<PagedProjectsResponse> {
  constructor(
    readonly userId: string,
    readonly page: ListMyProjectsParams,
  ) {
    super();
  }
}

/** Projects assigned to a verifier: those waiting for it (validation or a report to verify) first. */
export class VerificationQueueQuery extends Query<ListProjectsResponse> {
  constructor(readonly verifierId: string) {
    super();
  }
}

/** Every project, those waiting for the registry (validated, or with a verified report) first. */
export class ReviewQueueQuery extends Query<ListProjectsResponse> {}

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

const newestFirst = <T extends ReturnType<typeof selectProjects>>(query: T) => query.orderBy('drafted_at', 'desc').orderBy('project_id');

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

/** `views` with those `waiting` says wait first, each part in its order. */
function waitingFirst(views: readonly ProjectView[], waiting: (view: ProjectView) => boolean): ProjectView[] {
  return [...views.filter(waiting), ...views.filter((view) => !waiting(view))];
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

  async execute({ verifierId }: VerificationQueueQuery): Promise<ListProjectsResponse> {
    const rows = await newestFirst(selectProjects(this.db).where('verifier_id', '=', verifierId)).execute();
    const views = await toProjectViews(this.db, rows, 'signed-in');
    return {
      projects: waitingFirst(views, (view) => view.status === 'under_validation' || view.reports.some((report) => report.status === 'awaiting_verification')),
    };
  }
}

@QueryHandler(ReviewQueueQuery)
export class ReviewQueueHandler implements IQueryHandler<ReviewQueueQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute(): Promise<ListProjectsResponse> {
    const rows = await newestFirst(selectProjects(this.db)).execute();
    const views = await toProjectViews(this.db, rows, 'signed-in');
    return { projects: waitingFirst(views, (view) => view.status === 'validated' || view.reports.some((report) => report.status === 'verified')) };
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
