import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListProjectsResponse, ProjectView } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { type ProjectRow, selectProjects, toProjectViews } from './project-views.js';

/** The signed-in proponent's projects, newest first. */
export class ListMyProjectsQuery extends Query<ListProjectsResponse> {
  constructor(readonly userId: string) {
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

/** The public registry: every project past its draft, without user ids. */
export class PublicProjectsQuery extends Query<ListProjectsResponse> {}

/** One project of the public registry; undefined when there is none or it is still a draft. */
export class PublicProjectQuery extends Query<ProjectView | undefined> {
  constructor(readonly projectId: string) {
    super();
  }
}

const newestFirst = <T extends ReturnType<typeof selectProjects>>(query: T) => query.orderBy('drafted_at', 'desc').orderBy('project_id');

/** `views` with those `waiting` says wait first, each part in its order. */
function waitingFirst(views: readonly ProjectView[], waiting: (view: ProjectView) => boolean): ProjectView[] {
  return [...views.filter(waiting), ...views.filter((view) => !waiting(view))];
}

@QueryHandler(ListMyProjectsQuery)
export class ListMyProjectsHandler implements IQueryHandler<ListMyProjectsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId }: ListMyProjectsQuery): Promise<ListProjectsResponse> {
    const rows: ProjectRow[] = await newestFirst(selectProjects(this.db).where('proponent_id', '=', userId)).execute();
    return { projects: await toProjectViews(this.db, rows, 'signed-in') };
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

  async execute(): Promise<ListProjectsResponse> {
    const rows = await newestFirst(selectProjects(this.db).where('status', '<>', 'draft')).execute();
    return { projects: await toProjectViews(this.db, rows, 'public') };
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
