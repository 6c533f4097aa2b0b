import type { Kysely } from 'kysely';

/** A named index over `columns` of `table` (a column may say its order: 'retired_at desc'). */
export interface IndexSpec {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
}

/** A migration that creates `indexes` and, going down, drops them. */
export function indexMigration(indexes: readonly IndexSpec[]) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const index of indexes)
        await db.schema
          .createIndex(index.name)
          .on(index.table)
          .columns([...index.columns])
          .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of indexes) await db.schema.dropIndex(index.name).execute();
    },
  };
}
