import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type Role, roles as knownRoles, type UserView } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class ListUsersQuery extends Query<UserView[]> {}
export class GetUserQuery extends Query<UserView | undefined> {
  constructor(readonly userId: string) {
    super();
  }
}

const isRole = (role: string): role is Role => (knownRoles as readonly string[]).includes(role);

export function toUserView(row: { user_id: string; email: string; name: string; roles: string[]; organisation?: string | null }): UserView {
  return { id: row.user_id, email: row.email, name: row.name, roles: row.roles.filter(isRole), organisation: row.organisation ?? null };
}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute(): Promise<UserView[]> {
    const rows = await this.db.selectFrom('users').select(['user_id', 'email', 'name', 'roles', 'organisation']).orderBy('email').execute();
    return rows.map(toUserView);
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId }: GetUserQuery): Promise<UserView | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['user_id', 'email', 'name', 'roles', 'organisation'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toUserView(row) : undefined;
  }
}
