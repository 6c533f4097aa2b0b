import { isAuthEvent, type RecordedEvent, authEventTypes } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter } from '../runtime/projection.js';

/** Users and their roles, replayable from the log so auditors can see who could do what, when. */
export const usersProjection: Projection = {
  name: 'users',
  eventTypes: authEventTypes,
  views: ['users'],
  tables: ['users'],
  applyBatch: applyEach(async (recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> => {
    if (!isAuthEvent(recorded)) return false;
    const event = recorded;
    switch (event.type) {
      case 'UserRegistered':
        await insertOnce(db, 'users', 'user_id', {
          user_id: event.data.userId,
          email: event.data.email.toLowerCase(),
          name: event.data.name,
          roles: [],
          organisation: event.data.organisation ?? null,
          registered_at: event.data.registeredAt,
        });
        return true;
      case 'RoleGranted':
        await db
          .updateTable('users')
          .set({ roles: sql<string[]>`array(select distinct unnest(roles || array[${event.data.role}]::text[]) order by 1)` })
          .where('user_id', '=', event.data.userId)
          .execute();
        return true;
      case 'RoleRevoked':
        await db
          .updateTable('users')
          .set({ roles: sql<string[]>`array_remove(roles, ${event.data.role}::text)` })
          .where('user_id', '=', event.data.userId)
          .execute();
        return true;
      default:
        return exhaustive(event);
    }
  }),
};
