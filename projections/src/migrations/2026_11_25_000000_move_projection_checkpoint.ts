import { type Kysely, sql } from 'kysely';

/**
 * Moves a projection's checkpoint from where its runner last stored it, and raises when
 * another instance moved it since: the runner then rolls its batch back and gives up
 * leadership. As a function it can share one round trip with the COMMIT that follows it
 * (a statement that raises skips the COMMIT).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function move_projection_checkpoint(
      p_name text, p_from_commit bigint, p_from_prepare bigint, p_to_commit bigint, p_to_prepare bigint, p_events bigint
    ) returns void language plpgsql as $$
    begin
      insert into projection_checkpoints as c (name, commit_position, prepare_position, events_applied, updated_at)
      values (p_name, p_to_commit, p_to_prepare, p_events, now())
      on conflict (name) do update set
        commit_position = excluded.commit_position,
        prepare_position = excluded.prepare_position,
        events_applied = c.events_applied + excluded.events_applied,
        updated_at = now()
      where (c.commit_position, c.prepare_position) = (p_from_commit, p_from_prepare);
      if not found then
        raise exception 'the checkpoint of % was moved by another instance; giving up leadership', p_name
          using errcode = 'lock_not_available';
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function move_projection_checkpoint(text, bigint, bigint, bigint, bigint, bigint)`.execute(db);
}
