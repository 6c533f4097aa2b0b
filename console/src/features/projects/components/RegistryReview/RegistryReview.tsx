import type { ProjectView } from '@carbon-ledger/contracts';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useReviewQueue } from '../../api/list-review-queue';
import { AccreditVerifierForm } from '../AccreditVerifierForm/AccreditVerifierForm';
import { BatchClaimsForm } from '../BatchClaimsForm/BatchClaimsForm';
import { DeactivationForm } from '../DeactivationForm/DeactivationForm';
import { ImportCreditsForm } from '../ImportCreditsForm/ImportCreditsForm';
import { IssuanceReviewForm } from '../IssuanceReviewForm/IssuanceReviewForm';
import { ProjectDetails } from '../ProjectDetails/ProjectDetails';
import { ProjectList } from '../ProjectList/ProjectList';
import { RegistrationDecisionForm } from '../RegistrationDecisionForm/RegistrationDecisionForm';
import { RecordReversalForm } from '../RecordReversalForm/RecordReversalForm';

function RegistryActions({ project }: { project: ProjectView }) {
  const verified = project.reports.filter((report) => report.status === 'verified');
  const waiting = project.status === 'validated' || verified.length > 0;
  // A project credited once may lose what it was credited for: the registry records the reversal.
  const reversible = (project.status === 'registered' || project.status === 'inactive') && project.issuedQuantity > 0;
  if (!waiting && project.status !== 'registered' && !reversible) return null;
  return (
    <>
      {waiting && <Divider label="Waiting for the registry" labelPosition="left" />}
      <Stack gap="lg">
        {project.status === 'validated' && <RegistrationDecisionForm project={project} />}
        {verified.map((report) => (
          <IssuanceReviewForm key={report.reportId} project={project} report={report} />
        ))}
        {reversible && <RecordReversalForm project={project} />}
        {project.status === 'registered' && (
          <>
            <Divider label="Registered project" labelPosition="left" />
            <DeactivationForm project={project} />
          </>
        )}
      </Stack>
    </>
  );
}

/** The registry operator's tab: register or refuse validated projects, approve or return verified reports, make registered projects inactive, accredit verifiers, record imports. */
export function RegistryReview() {
  const queue = useReviewQueue();
  // Imports are recorded for the registered projects of the pages loaded so far.
  const loaded = queue.data?.pages.flatMap((page) => page.projects) ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Projects with a validated project or a verified report waiting for the registry come first, the one waiting longest first. You cannot decide on a
        project of your own organisation.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <AccreditVerifierForm />
        <ImportCreditsForm projects={loaded} />
        <BatchClaimsForm />
      </SimpleGrid>
      <ProjectList query={queue} empty="No project has been submitted to the registry yet." testId="review-queue">
        {(project) => <ProjectDetails project={project} actions={<RegistryActions project={project} />} />}
      </ProjectList>
    </Stack>
  );
}
