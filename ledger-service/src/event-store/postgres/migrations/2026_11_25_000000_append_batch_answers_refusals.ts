import { type Kysely, sql } from 'kysely';
import { appendBatchV1 } from './2026_11_22_000200_group_commit.js';

/**
 * Frozen in time: append_batch takes several appends of one stream, in order, and answers
 * refusals itself.
 *
 * - An append continues from the head its stream has after the earlier appends of the
 *   same call (a refused one leaves it as it was), so a writer may send every waiting
 *   append of a stream in one call: on a shared stream, the appends that lose a race are
 *   all answered in the round trip that the winner takes, instead of one per round trip.
 * - A refused expectation is answered with the stream's actual version, unless the
 *   append's first event id is stored already: that append is a retry (its own earlier
 *   append moved the stream), and gets null, so the writer sends it alone through
 *   append_to_stream for the first answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function append_batch(
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
      v_append_of int[] := array_fill(null::int, array[v_total]);
      v_last_version bigint[] := array_fill(null::bigint, array[v_appends]);
      v_last_hash bytea[] := array_fill(null::bytea, array[v_appends]);
      v_first int := 1;
      v_current bigint;
      v_hash bytea;
      v_earlier int;
    begin
      if coalesce(array_length(v_data, 1), 0) <> v_total
         or coalesce(array_length(v_metadata, 1), 0) <> v_total
         or coalesce(array_length(v_canonical, 1), 0) <> v_total then
        raise exception using errcode = 'CL003', message = 'append_batch: texts do not match the events';
      end if;
      for a in 1 .. v_appends loop
        -- The head after this call's latest accepted append of the stream, else the stored one.
        v_earlier := null;
        for b in reverse a - 1 .. 1 loop
          if p_streams[b] = p_streams[a] and v_last_version[b] is not null then
            v_earlier := b;
            exit;
          end if;
        end loop;
        if v_earlier is not null then
          v_current := v_last_version[v_earlier];
          v_hash := v_last_hash[v_earlier];
        else
          select e.stream_version, e.hash into v_current, v_hash
          from events e where e.stream_id = p_streams[a] order by e.stream_version desc limit 1;
          if not found then
            v_current := -1;
            v_hash := ''::bytea;
          end if;
        end if;
        if (p_expected[a] = -2 and v_current <> -1)
           or (p_expected[a] = -3 and v_current = -1)
           or (p_expected[a] >= 0 and p_expected[a] <> v_current) then
          out_append := a;
          out_stream_version := null;
          out_global_position := null;
          out_transaction_id := null;
          out_hash := null;
          out_actual := case when exists (select 1 from events r where r.event_id = p_event_ids[v_first])
                             then null else v_current end;
          return next;
        else
          for i in v_first .. v_first + p_counts[a] - 1 loop
            v_current := v_current + 1;
            v_hash := sha256(v_hash || convert_to(v_canonical[i], 'UTF8'));
            v_stream_of[i] := p_streams[a];
            v_version_of[i] := v_current;
            v_hash_of[i] := v_hash;
            v_append_of[i] := a;
          end loop;
          v_last_version[a] := v_current;
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
        select x.a, max(i.stream_version), max(i.global_position), pg_current_xact_id(),
               v_last_hash[x.a], null::bigint
        from inserted i
        join unnest(v_stream_of, v_version_of, v_append_of) as x(s, v, a) on x.s = i.stream_id and x.v = i.stream_version
        group by x.a;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function append_batch`.execute(db);
  await appendBatchV1(db);
}
