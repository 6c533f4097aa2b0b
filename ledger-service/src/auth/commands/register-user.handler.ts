import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type Role, userStreamId } from '@carbon-ledger/contracts';
import type { Kysely } from 'kysely';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { AUTH_DB } from '../auth.tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { handleCommand, type Recorded } from '../../shared/handle-command.js';
import type { AuthDatabase } from '../auth-database.js';
import { userDecider } from '../auth.decider.js';
import { hashPassword } from '../password-hashing.js';
import { assertAcceptablePassword } from '../password-strength.js';

export class RegisterUserCommand extends Command<Recorded & { userId: string }> {
  constructor(
    readonly user: {
      readonly email: string;
      readonly name: string;
      readonly password: string;
      readonly roles: readonly Role[];
      readonly organisation?: string | undefined;
    },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The credential row (unique email) is written first, so two registrations of
 * one email cannot both reach the log; it is removed again if the append fails.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(AUTH_DB) private readonly db: Kysely<AuthDatabase>,
  ) {}

  async execute({ user, context }: RegisterUserCommand): Promise<Recorded & { userId: string }> {
    const userId = deriveId(context.commandId, 'user');
    const email = user.email.toLowerCase();
    // Every way in (the users API, the first admin, the demo) goes through this policy.
    assertAcceptablePassword(user.password, { email, name: user.name });
    const existing = await this.db.selectFrom('auth_credentials').select('user_id').where('email', '=', email).executeTakeFirst();
    if (existing && existing.user_id !== userId) throw new DomainError('Conflict', 'A user with this email already exists');
    if (!existing) {
      await this.db
        .insertInto('auth_credentials')
        .values({ user_id: userId, email, password_hash: await hashPassword(user.password) })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      const stored = await this.db.selectFrom('auth_credentials').select('user_id').where('email', '=', email).executeTakeFirst();
      if (stored?.user_id !== userId) throw new DomainError('Conflict', 'A user with this email already exists');
    }
    try {
      const { position, replayed } = await handleCommand(this.eventStore, userStreamId(userId), userDecider, {
        command: { type: 'RegisterUser', userId, email, name: user.name, roles: user.roles, ...(user.organisation ? { organisation: user.organisation } : {}) },
        context,
      });
      return { position, replayed, userId };
    } catch (error) {
      if (!existing) await this.db.deleteFrom('auth_credentials').where('user_id', '=', userId).execute();
      throw error;
    }
  }
}
