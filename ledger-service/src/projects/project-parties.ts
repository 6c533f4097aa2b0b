import { Inject, Injectable } from '@nestjs/common';
import { type CreditProjectType, type EventStore, projectStreamId, type Role, verifierStreamId } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream } from '../shared/handle-command.js';
import { type Party, projectDecider, type VerifierParty } from './project.decider.js';
import { verifierDecider } from './verifier-accreditation.decider.js';

interface UserRow {
  readonly user_id: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly organisation: string | null;
}

/**
 * Who a project decision is about, as the deciders need them: the acting user's organisation, and
 * a verifier's accreditation (read from its own stream, so an accreditation just recorded counts).
 */
@Injectable()
export class ProjectParties {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  private async user(userId: string): Promise<UserRow | undefined> {
    const result = await sql<UserRow>`select user_id, name, roles, organisation from users where user_id = ${userId}`.execute(this.db);
    return result.rows[0];
  }

  async party(userId: string): Promise<Party> {
    const row = await this.user(userId);
    return { userId, organisation: row?.organisation ?? null };
  }

  async exists(userId: string): Promise<boolean> {
    return (await this.user(userId)) !== undefined;
  }

  /** The project's type as its stream holds it; undefined for a project that does not exist. */
  async projectTypeOf(projectId: string): Promise<CreditProjectType | undefined> {
    return (await aggregateStream(this.eventStore, projectStreamId(projectId), projectDecider)).state.project?.projectType;
  }

  /** A user who holds the verifier role, with what the registry accredited them for; 404 for anyone else. */
  async verifier(verifierId: string): Promise<VerifierParty> {
    const row = await this.user(verifierId);
    if (!row || !row.roles.includes('verifier' satisfies Role)) throw new DomainError('NotFound', 'Verifier not found', { verifierId });
    const accreditation = await aggregateStream(this.eventStore, verifierStreamId(verifierId), verifierDecider);
    return {
      userId: verifierId,
      organisation: row.organisation,
      name: row.name,
      accreditedFor: accreditation.state.projectTypes as readonly CreditProjectType[],
    };
  }
}
