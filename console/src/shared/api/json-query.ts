import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { requestJson, type ResponseParser } from './http';

/** The query function of a plain GET: the answer parsed by `parser`, aborted with the query. */
export function getJson<T>(path: string, parser: ResponseParser<T>): QueryFunction<T, QueryKey> {
  return ({ signal }) => requestJson(path, parser, { signal });
}
