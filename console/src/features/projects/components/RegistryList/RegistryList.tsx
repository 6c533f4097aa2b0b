import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

interface RegistryListProps<Data, Row> {
  /** The list a page at a time (newest first): "Load more" appends the next page below the rows. */
  query: UseInfiniteQueryResult<InfiniteData<Data>>;
  rows: (page: Data) => readonly Row[];
  /** What the list holds, plural and lower case: "Loading <what>", "<What> could not be loaded". */
  what: string;
  /** The loader's, the error's and the empty text's test ids: `<testId>-loading`, `-error`, `-empty`. */
  testId: string;
  /** Said when the registry has none yet. */
  empty: string;
  children: (rows: readonly Row[]) => ReactNode;
}

/** One of the public registry's lists: a loader, the error, the empty text, or `children` with the rows loaded so far. */
export function RegistryList<Data, Row>({ query, rows, what, testId, empty, children }: RegistryListProps<Data, Row>) {
  if (query.isPending) return <Loader size="sm" aria-label={`Loading ${what}`} data-testid={`${testId}-loading`} />;
  if (query.isError)
    return (
      <Alert color="red" title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`} data-testid={`${testId}-error`}>
        {describeError(query.error)}
      </Alert>
    );
  const listed = query.data.pages.flatMap(rows);
  if (listed.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm">
      {children(listed)}
      <LoadMoreButton query={query} testId={`${testId}-more`} />
    </Stack>
  );
}
