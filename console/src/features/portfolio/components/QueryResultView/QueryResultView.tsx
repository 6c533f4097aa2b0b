import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';

export interface QueryResultViewProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, as the loader's label and the error's title say it: 'holdings'. */
  what: string;
  children: (data: T) => ReactNode;
}

/** The portfolio panels' states of a load: a small loader, the failure with the server's message, then the data. */
export function QueryResultView<T>({ query, what, children }: QueryResultViewProps<T>) {
  if (query.isPending) return <Loader size="sm" aria-label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <Alert color="red" title={`Unable to load ${what}`}>
        {describeError(query.error)}
      </Alert>
    );
  }
  return children(query.data);
}
