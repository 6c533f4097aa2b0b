import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListVerifiersResponse, VerifierView } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

/** Users holding the verifier role, with the project types each is accredited for (none yet: empty). */
export class ListVerifiersQuery extends Query<ListVerifiersResponse> {}

@QueryHandler(ListVerifiersQuery)
export class ListVerifiersHandler implements IQueryHandler<ListVerifiersQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute(): Promise<ListVerifiersResponse> {
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('verifier_accreditations as a', (join) => join.on(sql<boolean>`a.verifier_id = u.user_id::text`))
      .select(['u.user_id', 'u.name', 'u.organisation', 'a.project_types'])
      .where(sql<boolean>`${'verifier'}::text = any(u.roles)`)
      .orderBy('u.name')
      .orderBy('u.user_id')
      .execute();
    return {
      verifiers: rows.map((row): VerifierView => ({
        id: row.user_id,
        name: row.name,
        organisation: row.organisation,
        projectTypes: (row.project_types ?? []) as VerifierView['projectTypes'],
      })),
    };
  }
}
