import { type Kysely, sql } from 'kysely';

/**
 * Frozen in time: append_streams, one append to several streams that commits whole or not at all
 * (a funded buy: the reservation in the buyer's cash stream and the order in its market's stream).
 *
 * Arguments as append_batch takes them (stream ids distinct). The streams' locks are taken in the
 * order of their ids, so two such appends over the same streams never wait on each other in a
 * cycle; append_to_stream holds one lock at a time. Then:
 * - the first event of every part stored in that part's stream: a retry, answered with the stored
 *   versions and out_duplicate; stored in another stream, or only some parts stored: CL002;
 * - a failed expectation raises CL001 with detail '<part>:<actual version>' (-1: no stream), and
 *   nothing of the call is written;
 * - otherwise every event is inserted, with its hash chained from its stream's head, and each part
 *   is answered with its last version, position and hash.
 * A writer that takes no lock (a batch whose heads it knew) can still take a version first: the
 * (stream_id, stream_version) key then fails the statement, and the caller calls again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function append_streams(
      p_streams text[], p_expected bigint[], p_counts int[],
      p_event_ids uuid[], p_types text[], p_data text, p_metadata text, p_canonical text
    ) returns table (out_append int, out_stream_version bigint, out_global_position bigint,
                     out_transaction_id xid8, out_hash bytea, out_duplicate boolean)
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
      v_last_of int[] := array_fill(null::int, array[v_appends]);
      v_first int := 1;
      v_stored int := 0;
      v_existing text;
      v_current bigint;
      v_hash bytea;
    begin
      if coalesce(array_length(v_data, 1), 0) <> v_total
         or coalesce(array_length(v_metadata, 1), 0) <> v_total
         or coalesce(array_length(v_canonical, 1), 0) <> v_total
         or coalesce(array_length(p_expected, 1), 0) <> v_appends
         or coalesce(array_length(p_counts, 1), 0) <> v_appends
         or (select coalesce(sum(c), 0) from unnest(p_counts) c) <> v_total then
        raise exception using errcode = 'CL003', message = 'append_streams: texts do not match the events';
      end if;

      perform pg_advisory_xact_lock(hashtextextended(s, 0)) from (select distinct s from unnest(p_streams) s order by s) l;

      for a in 1 .. v_appends loop
        if p_counts[a] < 1 then
          raise exception using errcode = 'CL003', message = 'append_streams: every part needs an event';
        end if;
        v_last_of[a] := v_first + p_counts[a] - 1;
        select e.stream_id into v_existing from events e where e.event_id = p_event_ids[v_first];
        if found then
          if v_existing <> p_streams[a] then
            raise exception using errcode = 'CL002', message = 'DuplicateEventId', detail = p_event_ids[v_first]::text;
          end if;
          v_stored := v_stored + 1;
        end if;
        v_first := v_first + p_counts[a];
      end loop;

      if v_stored > 0 then
        if v_stored < v_appends then
          raise exception using errcode = 'CL002', message = 'DuplicateEventId', detail = p_event_ids[1]::text;
        end if;
        return query
          select a.ord::int, e.stream_version, e.global_position, e.transaction_id, e.hash, true
          from unnest(v_last_of) with ordinality as a(i, ord)
          join events e on e.event_id = p_event_ids[a.i]
          order by a.ord;
        return;
      end if;

      v_first := 1;
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
          raise exception using errcode = 'CL001', message = 'WrongExpectedVersion', detail = a::text || ':' || v_current::text;
        end if;
        for i in v_first .. v_last_of[a] loop
          v_current := v_current + 1;
          v_hash := sha256(v_hash || convert_to(v_canonical[i], 'UTF8'));
          v_stream_of[i] := p_streams[a];
          v_version_of[i] := v_current;
          v_hash_of[i] := v_hash;
        end loop;
        v_first := v_last_of[a] + 1;
      end loop;

      return query
        with inserted as (
          insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
          select t.s, t.v, t.id, t.ty, t.d::json, t.m::json, t.h
          from unnest(v_stream_of, v_version_of, p_event_ids, p_types, v_data, v_metadata, v_hash_of)
            with ordinality as t(s, v, id, ty, d, m, h, ord)
          order by t.ord
          returning stream_id, stream_version, global_position, transaction_id, hash
        )
        select a.ord::int, i.stream_version, i.global_position, i.transaction_id, i.hash, false
        from inserted i
        join unnest(p_streams) with ordinality as a(s, ord) on a.s = i.stream_id
        where i.stream_version = v_version_of[v_last_of[a.ord::int]]
        order by a.ord;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function append_streams`.execute(db);
}
