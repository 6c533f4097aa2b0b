import { type Kysely, sql } from 'kysely';

/**
 * move_projection_checkpoint that also sends the batch's announcement (its NOTIFY payloads, in
 * order): the batch's transaction is then its writes, this one statement and the COMMIT, not a
 * statement more per payload. The NOTIFYs are sent at commit, and only if it commits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function move_projection_checkpoint(
      p_name text, p_from_commit bigint, p_from_prepare bigint, p_to_commit bigint, p_to_prepare bigint, p_events bigint,
      p_channel text, p_announcement text[]
    ) returns void language plpgsql as $$
    declare
      payload text;
    begin
      perform move_projection_checkpoint(p_name, p_from_commit, p_from_prepare, p_to_commit, p_to_prepare, p_events);
      foreach payload in array p_announcement loop
        perform pg_notify(p_channel, payload);
      end loop;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function move_projection_checkpoint(text, bigint, bigint, bigint, bigint, bigint, text, text[])`.execute(db);
}
