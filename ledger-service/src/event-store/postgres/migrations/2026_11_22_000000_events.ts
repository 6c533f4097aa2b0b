import { type Kysely, sql } from 'kysely';

/** Frozen in time: the event log, its hash chain and the append function. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      stream_id text not null,
      stream_version bigint not null,
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      hash bytea not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default clock_timestamp(),
      unique (stream_id, stream_version)
    )`.execute(db);
  await sql`create index events_by_log_order on events (transaction_id, global_position)`.execute(db);
  await sql`create index events_by_type on events (type)`.execute(db);
  await createAppendToStreamV1(db);
}

/** This migration's append_to_stream (jsonb[] arguments); a later migration's down restores it. */
export async function createAppendToStreamV1(db: Kysely<any>): Promise<void> {
  // One round trip per append: lock the stream, check the expectation, chain the
  // hashes and insert. Codes: p_expected >= 0 exact version, -1 any, -2 no stream, -3 exists.
  await sql`
    create function append_to_stream(
      p_stream_id text, p_expected bigint, p_event_ids uuid[], p_types text[],
      p_data jsonb[], p_metadata jsonb[], p_canonical text[]
    ) returns table (out_global_position bigint, out_stream_version bigint, out_transaction_id xid8, out_duplicate boolean)
    language plpgsql as $fn$
    #variable_conflict use_column
    declare
      v_current bigint;
      v_hash bytea;
      v_existing_stream text;
      v_hashes bytea[] := '{}';
    begin
      perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

      select e.stream_id into v_existing_stream from events e where e.event_id = p_event_ids[1];
      if found then
        if v_existing_stream <> p_stream_id then
          raise exception using errcode = 'CL002', message = 'DuplicateEventId', detail = p_event_ids[1]::text;
        end if;
        return query
          select e.global_position, e.stream_version, e.transaction_id, true
          from events e where e.event_id = any (p_event_ids) order by e.global_position;
        return;
      end if;

      select e.stream_version, e.hash into v_current, v_hash
      from events e where e.stream_id = p_stream_id order by e.stream_version desc limit 1;
      if not found then
        v_current := -1;
        v_hash := ''::bytea;
      end if;

      if (p_expected = -2 and v_current <> -1)
         or (p_expected = -3 and v_current = -1)
         or (p_expected >= 0 and p_expected <> v_current) then
        raise exception using errcode = 'CL001', message = 'WrongExpectedVersion', detail = v_current::text;
      end if;

      for i in 1 .. coalesce(array_length(p_event_ids, 1), 0) loop
        v_hash := sha256(v_hash || convert_to(p_canonical[i], 'UTF8'));
        v_hashes[i] := v_hash;
      end loop;

      return query
        with inserted as (
          insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
          select p_stream_id, v_current + t.ord, t.id, t.typ, t.dat, t.meta, t.h
          from unnest(p_event_ids, p_types, p_data, p_metadata, v_hashes)
            with ordinality as t(id, typ, dat, meta, h, ord)
          order by t.ord
          returning global_position, stream_version, transaction_id
        )
        select i.global_position, i.stream_version, i.transaction_id, false from inserted i order by i.stream_version;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function append_to_stream`.execute(db);
  await sql`drop table events`.execute(db);
}
