import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { requestJson, type ResponseParser } from './http';

/** `path` resumed after `cursor`: the list's own query kept, the cursor added to it. */
export function withCursor(path: string, cursor: string | null): string {
  return cursor === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * A list paged by cursor, a page at a time: the first page is `path` as it is, and each page's
 * nextCursor loads the one after it (null on the last, so there is no next page).
 */
export function cursorPagesOptions<Page extends { nextCursor: string | null }, Key extends QueryKey>(
  queryKey: Key,
  path: string,
  parser: ResponseParser<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => requestJson(withCursor(path, pageParam), parser, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.nextCursor,
  });
}

/** `cursorPagesOptions` of a list whose path is its key's parts joined by slashes (['api', 'registry', 'batches']: /api/registry/batches). */
export function cursorPagesAt<Page extends { nextCursor: string | null }, Key extends readonly string[]>(queryKey: Key, parser: ResponseParser<Page>) {
  return cursorPagesOptions(queryKey, `/${queryKey.join('/')}`, parser);
}
