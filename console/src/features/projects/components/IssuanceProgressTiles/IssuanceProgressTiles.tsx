import { projectStatusLabels, reportStatusLabels } from '@carbon-ledger/contracts';
import { Badge, Text, type MantineColor } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { describeError } from '../../../../shared/api/http';
import { Tile, TileGroup } from '../../../../shared/components/TileGroup/TileGroup';
import { myProjectsQueryOptions } from '../../api/list-my-projects';
import { findRequest, isIssued, issuanceProgressOf, issuanceStageLabels, issuanceStages, type StageState } from '../../issuance-progress';

/** Others act on the request (verifier, registry); its progress is read again this often until it is issued. */
export const ISSUANCE_PROGRESS_POLL_MS = 5000;

const stateLabels: Record<StageState, string> = { pending: 'Pending', current: 'In progress', done: 'Done' };
const stateColors: Record<StageState, MantineColor> = { pending: 'gray', current: 'yellow', done: 'teal' };

export interface IssuanceProgressTilesProps {
  projectId: string;
  reportId: string;
}

/** Validation, Verification, Registry review, Issued: where a filed issuance request stands. */
export function IssuanceProgressTiles({ projectId, reportId }: IssuanceProgressTilesProps) {
  // A request just filed is on the newest page, the first.
  const projects = useInfiniteQuery({
    ...myProjectsQueryOptions(),
    refetchInterval: (query) => (isIssued(findRequest(query.state.data?.pages, projectId, reportId).report) ? false : ISSUANCE_PROGRESS_POLL_MS),
  });
  const { project, report } = findRequest(projects.data?.pages, projectId, reportId);
  const progress = issuanceProgressOf(project, report);

  return (
    <TileGroup
      title="Issuance request"
      data-testid="issuance-progress"
      below={
        projects.isError ? (
          <Text size="xs" c="red" mt={6} data-testid="issuance-progress-error">
            {describeError(projects.error)}
          </Text>
        ) : (
          project && (
            <Text size="xs" c="dimmed" mt={6} data-testid="issuance-progress-detail">
              Project: {projectStatusLabels[project.status]}
              {report && ` · Report: ${reportStatusLabels[report.status]}`}
            </Text>
          )
        )
      }
    >
      {issuanceStages.map((stage) => (
        <Tile key={stage} label={issuanceStageLabels[stage]}>
          <Badge color={stateColors[progress[stage]]} variant="light" data-testid={`progress-${stage}`} data-state={progress[stage]}>
            {stateLabels[progress[stage]]}
          </Badge>
        </Tile>
      ))}
    </TileGroup>
  );
}
