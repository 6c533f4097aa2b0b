import { type Kysely, sql } from 'kysely';

/**
 * Frozen in time: append_batch answers a refused expectation with the stream's actual
 * version only when the append's first event id is not stored yet. An append whose events
 * are stored is a retry (its own earlier append moved the stream) and gets null, so the
 * writer sends it alone through append_to_stream for the first answer; every other
 * refusal is answered from the batch, without a second statement.
 */
function appendBatch(refusedActual: string): string {
  return `
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
          out_actual := ${refusedActual};
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
    $fn$`;
}

const ANSWER_REFUSALS = `case when exists (select 1 from events r where r.event_id = p_event_ids[v_first]) then null else v_current end`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(appendBatch(ANSWER_REFUSALS)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(appendBatch('v_current')).execute(db);
}
