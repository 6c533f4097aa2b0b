import type { ProjectView } from '@carbon-ledger/contracts';
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMyProjects } from '../../api/list-my-projects';
import { AssignVerifierForm } from '../AssignVerifierForm/AssignVerifierForm';
import { DraftProjectForm } from '../DraftProjectForm/DraftProjectForm';
import { FileReportForm } from '../FileReportForm/FileReportForm';
import { ProjectDetails } from '../ProjectDetails/ProjectDetails';
import { ProjectList } from '../ProjectList/ProjectList';

/** A project asks for validation while a draft, or again after a rejection. */
const mayAskForValidation = (project: ProjectView) => project.status === 'draft' || project.status === 'rejected';
/** Reports are taken until a project is rejected or made inactive. */
const mayFileReport = (project: ProjectView) => project.status !== 'rejected' && project.status !== 'inactive';

function ProponentActions({ project, onFileReport }: { project: ProjectView; onFileReport: () => void }) {
  const askForValidation = mayAskForValidation(project);
  if (!askForValidation && !mayFileReport(project)) return null;
  return (
    <>
      <Divider />
      <Group justify="space-between" align="flex-end">
        {askForValidation ? <AssignVerifierForm project={project} /> : <span />}
        {mayFileReport(project) && (
          <Button variant="light" leftSection={<IconFilePlus size={16} />} onClick={onFileReport} data-testid="open-file-report">
            File a monitoring report
          </Button>
        )}
      </Group>
    </>
  );
}

/** The issuer's tab: each project's status, verifier, reports and batches, and what the proponent does next. */
export function MyProjects() {
  const projects = useMyProjects();
  const [drafting, setDrafting] = useState(false);
  const [reportingOn, setReportingOn] = useState<ProjectView | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Draft a project, have an accredited verifier validate it, then file monitoring reports; the registry issues the credits they verify.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDrafting(true)} data-testid="open-draft-project">
          Draft a project
        </Button>
      </Group>
      <ProjectList query={projects} empty="You have no projects yet. Draft one, or file an issuance request on Issue Credits." testId="my-projects">
        {(project) => <ProjectDetails project={project} actions={<ProponentActions project={project} onFileReport={() => setReportingOn(project)} />} />}
      </ProjectList>
      <Modal opened={drafting} onClose={() => setDrafting(false)} title="Draft a project" size="lg">
        <DraftProjectForm onDrafted={() => setDrafting(false)} />
      </Modal>
      <Modal opened={reportingOn !== null} onClose={() => setReportingOn(null)} title={`File a monitoring report: ${reportingOn?.name ?? ''}`} size="lg">
        {reportingOn && <FileReportForm project={reportingOn} onFiled={() => setReportingOn(null)} />}
      </Modal>
    </Stack>
  );
}
