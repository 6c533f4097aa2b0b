import type { ProjectView } from '@carbon-ledger/contracts';
import { Divider, Stack, Text } from '@mantine/core';
import { useVerificationQueue } from '../../api/list-verification-queue';
import { ProjectDetails } from '../ProjectDetails/ProjectDetails';
import { ProjectList } from '../ProjectList/ProjectList';
import { ValidationDecisionForm } from '../ValidationDecisionForm/ValidationDecisionForm';
import { VerificationDecisionForm } from '../VerificationDecisionForm/VerificationDecisionForm';

/** Reports are verified once their project is validated. */
const takesVerification = (project: ProjectView) => project.status === 'validated' || project.status === 'registered';

function VerifierActions({ project }: { project: ProjectView }) {
  const waiting = takesVerification(project) ? project.reports.filter((report) => report.status === 'awaiting_verification') : [];
  if (project.status !== 'under_validation' && waiting.length === 0) return null;
  return (
    <>
      <Divider label="Waiting for you" labelPosition="left" />
      <Stack gap="lg">
        {project.status === 'under_validation' && <ValidationDecisionForm project={project} />}
        {waiting.map((report) => (
          <VerificationDecisionForm key={report.reportId} project={project} report={report} />
        ))}
      </Stack>
    </>
  );
}

/** The verifier's tab: projects assigned to them, what waits for a decision first. */
export function VerificationQueue() {
  const queue = useVerificationQueue();
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Validate or reject the projects assigned to you, and verify their monitoring reports: per vintage at most the credits claimed, with reasons where fewer.
      </Text>
      <ProjectList query={queue} empty="No project is assigned to you." testId="verification-queue">
        {(project) => <ProjectDetails project={project} actions={<VerifierActions project={project} />} />}
      </ProjectList>
    </Stack>
  );
}
