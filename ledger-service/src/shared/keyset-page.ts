import { type RawBuilder, sql } from 'kysely';

/**
 * A timestamptz as a cursor keeps it: ISO 8601 in UTC to the microsecond. A JS Date keeps
 * milliseconds only, and a key that lost its microseconds would skip or repeat rows at the page seam.
 */
export function instantKey(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after a newest-first cursor `(at, commit, prepare)`: one row comparison, which PostgreSQL
 * answers from an index on the same three columns, so a page costs what it holds, not the log.
 */
export function beforeLogKey(columns: { at: string; commit: string; prepare: string }, key: readonly [string, string, string]): RawBuilder<boolean> {
  const [at, commit, prepare] = key;
  return sql<boolean>`(${sql.ref(columns.at)}, ${sql.ref(columns.commit)}, ${sql.ref(columns.prepare)}) < (${at}::timestamptz, ${commit}::bigint, ${prepare}::bigint)`;
}

/**
 * Rows after a cursor `(at, id)` of a list newest first, then by id ascending; `idType` is the id
 * column's type. The two directions allow no row comparison; the bound on `at` alone starts the
 * index range at the cursor's instant, so a page reads what it answers and the rows that share the
 * cursor's instant before it, not every row newer than the cursor.
 */
export function afterNewestThenId(columns: { at: string; id: string }, key: readonly [string, string], idType: 'uuid' | 'text' = 'uuid'): RawBuilder<boolean> {
  const [at, id] = key;
  const [atColumn, idColumn] = [sql.ref(columns.at), sql.ref(columns.id)];
  return sql<boolean>`(${atColumn} <= ${at}::timestamptz and (${atColumn} < ${at}::timestamptz or ${idColumn} > ${id}::${sql.raw(idType)}))`;
}
