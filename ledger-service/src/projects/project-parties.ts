import { Inject, Injectable } from '@nestjs/common';
import { type CreditProjectType, type EventStore, isAuthEvent, type Role, userStreamId, verifierStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream } from '../shared/handle-command.js';
import type { Party, VerifierParty } from './project.decider.js';
import { verifierDecider } from './verifier-accreditation.decider.js';

interface UserFacts {
  readonly name: string;
  readonly roles: ReadonlySet<Role>;
  readonly organisation: string | null;
}

/**
 * Who a project decision is about, as the deciders need them: the acting user's organisation, and
 * a verifier's accreditation (read from its own stream, so an accreditation just recorded counts).
 */
@Injectable()
export class ProjectParties {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** Read from the user's own stream, not a read model: a conflict check must not miss an organisation recorded a moment ago. */
  private async user(userId: string): Promise<UserFacts | undefined> {
    let facts: { name: string; roles: Set<Role>; organisation: string | null } | undefined;
    for (const event of await this.eventStore.readStream(userStreamId(userId))) {
      if (!isAuthEvent(event)) continue;
      if (event.type === 'UserRegistered') facts = { name: event.data.name, roles: new Set(), organisation: event.data.organisation ?? null };
      else if (event.type === 'RoleGranted') facts?.roles.add(event.data.role);
      else if (event.type === 'RoleRevoked') facts?.roles.delete(event.data.role);
    }
    return facts;
  }

  async party(userId: string): Promise<Party> {
    const row = await this.user(userId);
    return { userId, organisation: row?.organisation ?? null };
  }

  async exists(userId: string): Promise<boolean> {
    return (await this.user(userId)) !== undefined;
  }

  /** A user who holds the verifier role, with what the registry accredited them for; 404 for anyone else. */
  async verifier(verifierId: string): Promise<VerifierParty> {
    const row = await this.user(verifierId);
    if (!row || !row.roles.has('verifier')) throw new DomainError('NotFound', 'Verifier not found', { verifierId });
    const accreditation = await aggregateStream(this.eventStore, verifierStreamId(verifierId), verifierDecider);
    return {
      userId: verifierId,
      organisation: row.organisation,
      name: row.name,
      accreditedFor: accreditation.state.projectTypes as readonly CreditProjectType[],
    };
  }
}
