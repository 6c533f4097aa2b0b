import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import type { AuthDatabase } from './auth-database.js';
import { RegisterUserCommand } from './commands/register-user.handler.js';
import { generatePassword } from './password-hashing.js';

export const FIRST_ADMIN_EMAIL = 'admin@carbon-ledger.local';
const FIRST_ADMIN_NAME = 'Administrator';

/**
 * On the first start (no account yet) creates an administrator with a random
 * password. The password is returned to be shown once; only its hash is kept.
 */
export async function ensureFirstAdmin(
  db: Kysely<AuthDatabase>,
  commands: CommandBus,
  now = new Date(),
): Promise<{ email: string; password: string; userId: string } | undefined> {
  const any = await db.selectFrom('auth_credentials').select('user_id').limit(1).executeTakeFirst();
  if (any) return undefined;
  const password = generatePassword({ email: FIRST_ADMIN_EMAIL, name: FIRST_ADMIN_NAME });
  const commandId = randomUUID();
  const registered = await commands.execute(
    new RegisterUserCommand(
      { email: FIRST_ADMIN_EMAIL, name: FIRST_ADMIN_NAME, password, roles: ['admin', 'trader', 'issuer', 'compliance', 'auditor'] },
      { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'system', role: 'admin' }, now },
    ),
  );
  return { email: FIRST_ADMIN_EMAIL, password, userId: registered.userId };
}
