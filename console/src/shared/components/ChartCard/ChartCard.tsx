import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { TitledCard } from '../TitledCard/TitledCard';

export interface ChartCardProps<T> {
  title: string;
  /** A screen's own sections are headed h2; the cards inside a tab, h3 in a smaller size. */
  level?: 2 | 3;
  /** Also names the states: `<id>-error`, `<id>-empty`. */
  'data-testid': string;
  query: UseQueryResult<T>;
  height: number;
  errorMessage: string;
  /** Left out where an empty chart still says something (months with nothing retired). */
  empty?: { when: (data: T) => boolean; message: ReactNode };
  /** Shown above the chart once the data is in, without waiting for the chart's code. */
  summary?: (data: T) => ReactNode;
  /** The chart, loaded lazily: a skeleton of its height stands in until it has loaded. */
  children: (data: T) => ReactNode;
}

/** A card with one chart of a read model: its error, its loading skeleton, its empty state, then the chart. */
export function ChartCard<T>({ title, level = 3, 'data-testid': testId, query, height, errorMessage, empty, summary, children }: ChartCardProps<T>) {
  return (
    <TitledCard title={title} level={level} data-testid={testId}>
      {query.isError ? (
        <Text c="red" size="sm" data-testid={`${testId}-error`}>
          {errorMessage}
        </Text>
      ) : query.isPending ? (
        <Skeleton height={height} />
      ) : empty?.when(query.data) ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {empty.message}
        </Text>
      ) : (
        <>
          {summary?.(query.data)}
          <Suspense fallback={<Skeleton height={height} />}>{children(query.data)}</Suspense>
        </>
      )}
    </TitledCard>
  );
}
