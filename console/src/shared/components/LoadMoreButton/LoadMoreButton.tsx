import { Button } from '@mantine/core';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a list paged by cursor: shown while there is a next page, busy while it loads. */
export function LoadMoreButton({ query, testId }: { query: PagedQuery; testId?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
      Load more
    </Button>
  );
}
