import type { ListProjectsResponse, ProjectView } from '@carbon-ledger/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

export interface ProjectListProps {
  /** The proponent's projects and the work queues come a page at a time, with "Load more". */
  query: UseInfiniteQueryResult<InfiniteData<ListProjectsResponse>>;
  /** Said when there is no project to show. */
  empty: string;
  testId: string;
  children: (project: ProjectView) => ReactNode;
}

/** A list of projects with its loading, error and empty states. */
export function ProjectList({ query, empty, testId, children }: ProjectListProps) {
  if (query.isPending) return <Loader size="sm" aria-label="Loading projects" data-testid={`${testId}-loading`} />;
  if (query.isError)
    return (
      <Alert color="red" title="Projects could not be loaded" data-testid={`${testId}-error`}>
        {describeError(query.error)}
      </Alert>
    );
  // A project that moved in a queue between two pages' reads (it came to wait, or stopped) shows once, where it was first.
  const seen = new Set<string>();
  const projects = query.data.pages
    .flatMap((page) => page.projects)
    .filter((project) => {
      if (seen.has(project.projectId)) return false;
      seen.add(project.projectId);
      return true;
    });
  if (projects.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="md" data-testid={testId}>
      {projects.map((project) => (
        <div key={project.projectId}>{children(project)}</div>
      ))}
      <LoadMoreButton query={query} testId={`${testId}-more`} />
    </Stack>
  );
}
