import { type Kysely, sql } from 'kysely';
import { createAppendToStreamV1 } from './2026_11_22_000000_events.js';

/**
 * Frozen in time: group commit and a leaner event row.
 *
 * - data and metadata are `json`: the log keeps the canonical text each event's hash
 *   covers, byte for byte, and skips jsonb's parse into a binary tree (nothing queries
 *   the log by its contents; read models do that).
 * - The primary key is the readers' cursor (transaction_id, global_position), which
 *   replaces both the global_position key and the separate log-order index.
 * - append_known_heads and append_batch write the appends of several callers in one
 *   transaction (one WAL flush for all): the first when the writer knows every stream's
 *   head and has chained the hashes, the second reading the heads itself.
 *   append_to_stream, the path for what a batch cannot answer, takes the same
 *   newline-joined texts.
 *
 * Data, metadata and chain content arrive as canonical JSON texts joined by newlines
 * (canonical JSON never contains a raw newline), which costs the caller no array quoting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table events
      alter column data type json using data::json,
      alter column metadata type json using metadata::json`.execute(db);
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`drop index events_by_log_order`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (transaction_id, global_position)`.execute(db);

  await appendBatchV1(db);

  // Every head known to the writer, hashes computed there: insert, answer each stream's last version.
  await sql`
    create function append_known_heads(
      p_streams text, p_versions text, p_event_ids text, p_types text,
      p_data text, p_metadata text, p_hashes text
    ) returns table (out_stream_id text, out_stream_version bigint, out_global_position bigint, out_transaction_id xid8)
    language plpgsql as $fn$
    begin
      return query
        with inserted as (
          insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
          select t.s, t.v::bigint, t.id::uuid, t.ty, t.d::json, t.m::json, decode(t.h, 'hex')
          from unnest(string_to_array(p_streams, E'\n'), string_to_array(p_versions, E'\n'),
                      string_to_array(p_event_ids, E'\n'), string_to_array(p_types, E'\n'),
                      string_to_array(p_data, E'\n'), string_to_array(p_metadata, E'\n'),
                      string_to_array(p_hashes, E'\n'))
            with ordinality as t(s, v, id, ty, d, m, h, ord)
          order by t.ord
          returning stream_id, stream_version, global_position
        )
        select i.stream_id, max(i.stream_version), max(i.global_position), pg_current_xact_id()
        from inserted i group by i.stream_id;
    end
    $fn$`.execute(db);

  // One append under the stream's lock: answers idempotent retries (same event ids) with
  // the stored positions and a failed expectation with the actual version.
  await sql`drop function append_to_stream(text, bigint, uuid[], text[], jsonb[], jsonb[], text[])`.execute(db);
  await sql`
    create function append_to_stream(
      p_stream_id text, p_expected bigint, p_event_ids uuid[], p_types text[],
      p_data text, p_metadata text, p_canonical text
    ) returns table (out_global_position bigint, out_stream_version bigint, out_transaction_id xid8,
                     out_hash bytea, out_duplicate boolean)
    language plpgsql as $fn$
    #variable_conflict use_column
    declare
      v_current bigint;
      v_hash bytea;
      v_existing_stream text;
      v_canonical text[] := string_to_array(p_canonical, E'\\n');
      v_hashes bytea[] := '{}';
    begin
      perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

      select e.stream_id into v_existing_stream from events e where e.event_id = p_event_ids[1];
      if found then
        if v_existing_stream <> p_stream_id then
          raise exception using errcode = 'CL002', message = 'DuplicateEventId', detail = p_event_ids[1]::text;
        end if;
        return query
          select e.global_position, e.stream_version, e.transaction_id, e.hash, true
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
        v_hash := sha256(v_hash || convert_to(v_canonical[i], 'UTF8'));
        v_hashes[i] := v_hash;
      end loop;

      return query
        with inserted as (
          insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
          select p_stream_id, v_current + t.ord, t.id, t.typ, t.dat::json, t.meta::json, t.h
          from unnest(p_event_ids, p_types, string_to_array(p_data, E'\\n'), string_to_array(p_metadata, E'\\n'), v_hashes)
            with ordinality as t(id, typ, dat, meta, h, ord)
          order by t.ord
          returning global_position, stream_version, transaction_id, hash
        )
        select i.global_position, i.stream_version, i.transaction_id, i.hash, false from inserted i order by i.stream_version;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function append_known_heads`.execute(db);
  await sql`drop function append_batch`.execute(db);
  await sql`drop function append_to_stream(text, bigint, uuid[], text[], text, text, text)`.execute(db);
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`alter table events add primary key (global_position)`.execute(db);
  await sql`create index events_by_log_order on events (transaction_id, global_position)`.execute(db);
  await sql`
    alter table events
      alter column data type jsonb using data::jsonb,
      alter column metadata type jsonb using metadata::jsonb`.execute(db);
  await createAppendToStreamV1(db);
}

/** append_batch as this migration made it (also what 2026_11_25_000000's down restores). */
export async function appendBatchV1(db: Kysely<any>): Promise<void> {
  // p_streams/p_expected/p_counts describe each append (streams distinct; expected codes:
  // >= 0 exact version, -1 any, -2 no stream, -3 exists); the events of all appends follow
  // in order. An append whose expectation fails is answered with the stream's actual
  // version and inserts nothing; the others are inserted. No lock is taken: a concurrent
  // writer of the same stream makes the (stream_id, stream_version) key fail the whole
  // call, and the caller retries each append through append_to_stream.
  await sql`
    create function append_batch(
      p_streams text[], p_expected bigint[], p_counts int[],
      p_event_ids uuid[], p_types text[], p_data text, p_metadata text, p_canonical text
    ) returns table (out_append int, out_stream_version bigint, out_global_position bigint,
                     out_transaction_id xid8, out_hash bytea, out_actual bigint)
    language plpgsql as $fn$
    declare
      v_appends int := coalesce(array_length(p_streams, 1), 0);
      v_total int := coalesce(array_length(p_event_ids, 1), 0);
      v_data text[] := string_to_array(p_data, E'\\n');
      v_metadata text[] := string_to_array(p_metadata, E'\\n');
      v_canonical text[] := string_to_array(p_canonical, E'\\n');
      v_stream_of text[] := array_fill(null::text, array[v_total]);
      v_version_of bigint[] := array_fill(null::bigint, array[v_total]);
      v_hash_of bytea[] := array_fill(null::bytea, array[v_total]);
      v_last_hash bytea[] := array_fill(null::bytea, array[v_appends]);
      v_first int := 1;
      v_current bigint;
      v_hash bytea;
    begin
      if coalesce(array_length(v_data, 1), 0) <> v_total
         or coalesce(array_length(v_metadata, 1), 0) <> v_total
         or coalesce(array_length(v_canonical, 1), 0) <> v_total then
        raise exception using errcode = 'CL003', message = 'append_batch: texts do not match the events';
      end if;
      for a in 1 .. v_appends loop
        select e.stream_version, e.hash into v_current, v_hash
        from events e where e.stream_id = p_streams[a] order by e.stream_version desc limit 1;
        if not found then
          v_current := -1;
          v_hash := ''::bytea;
        end if;
        if (p_expected[a] = -2 and v_current <> -1)
           or (p_expected[a] = -3 and v_current = -1)
           or (p_expected[a] >= 0 and p_expected[a] <> v_current) then
          out_append := a;
          out_stream_version := null;
          out_global_position := null;
          out_transaction_id := null;
          out_hash := null;
          out_actual := v_current;
          return next;
        else
          for i in v_first .. v_first + p_counts[a] - 1 loop
            v_current := v_current + 1;
            v_hash := sha256(v_hash || convert_to(v_canonical[i], 'UTF8'));
            v_stream_of[i] := p_streams[a];
            v_version_of[i] := v_current;
            v_hash_of[i] := v_hash;
          end loop;
          v_last_hash[a] := v_hash;
        end if;
        v_first := v_first + p_counts[a];
      end loop;

      return query
        with inserted as (
          insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
          select t.s, t.v, t.id, t.ty, t.d::json, t.m::json, t.h
          from unnest(v_stream_of, v_version_of, p_event_ids, p_types, v_data, v_metadata, v_hash_of)
            with ordinality as t(s, v, id, ty, d, m, h, ord)
          where t.s is not null
          order by t.ord
          returning stream_id, stream_version, global_position
        )
        select a.ord::int, max(i.stream_version), max(i.global_position), pg_current_xact_id(),
               v_last_hash[a.ord::int], null::bigint
        from inserted i
        join unnest(p_streams) with ordinality as a(s, ord) on a.s = i.stream_id
        group by a.ord;
    end
    $fn$`.execute(db);
}
