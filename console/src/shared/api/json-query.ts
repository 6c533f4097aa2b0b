import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { requestJson, type ResponseParser } from './http';

/** The query function of a plain GET: the answer parsed by `parser`, aborted with the query. */
export function getJson<T>(path: string, parser: ResponseParser<T>): QueryFunction<T, QueryKey> {
  return ({ signal }) => requestJson(path, parser, { signal });
}

/** The key and query function of a GET whose path is its key's parts joined by slashes (['api', 'metrics']: /api/metrics). */
export function jsonQueryAt<T, K extends readonly string[]>(queryKey: K, parser: ResponseParser<T>): { queryKey: K; queryFn: QueryFunction<T, K> } {
  return { queryKey, queryFn: getJson(`/${queryKey.join('/')}`, parser) };
}
