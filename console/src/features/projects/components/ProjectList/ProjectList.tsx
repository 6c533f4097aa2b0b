import type { ListProjectsResponse, ProjectView } from '@carbon-ledger/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../../../../shared/api/http';

export interface ProjectListProps {
  query: UseQueryResult<ListProjectsResponse>;
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
  if (query.data.projects.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="md" data-testid={testId}>
      {query.data.projects.map((project) => (
        <div key={project.projectId}>{children(project)}</div>
      ))}
    </Stack>
  );
}
