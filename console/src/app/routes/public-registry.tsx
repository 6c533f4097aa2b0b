import { Stack, Tabs, Text, Title } from '@mantine/core';
import { usePublicProjects } from '../../features/projects/api/list-public-projects';
import { ProjectDetails } from '../../features/projects/components/ProjectDetails/ProjectDetails';
import { ProjectList } from '../../features/projects/components/ProjectList/ProjectList';
import { RegistryBatches } from '../../features/projects/components/RegistryBatches/RegistryBatches';
import { RegistryRetirements } from '../../features/projects/components/RegistryRetirements/RegistryRetirements';
import { RegistryCancellations } from '../../features/projects/components/RegistryCancellations/RegistryCancellations';
import { SerialLookup } from '../../features/projects/components/SerialLookup/SerialLookup';
import { PublicPage } from '../layout/PublicPage/PublicPage';

function RegistryProjects() {
  const projects = usePublicProjects();
  return (
    <ProjectList query={projects} empty="No project has been submitted to the registry yet." testId="registry-projects">
      {(project) => <ProjectDetails project={project} />}
    </ProjectList>
  );
}

/** Public (no session): every project past its draft, its documents, issuances and retirements, and a serial lookup. */
export function PublicRegistryRoute() {
  return (
    <PublicPage size="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Public Registry</Title>
          <Text c="dimmed">
            Projects validated by independent verifiers and registered here, the credits issued from their verified monitoring reports, and every retirement.
          </Text>
        </div>
        <SerialLookup />
        <Tabs defaultValue="projects" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="projects">Projects</Tabs.Tab>
            <Tabs.Tab value="issuances">Issuances</Tabs.Tab>
            <Tabs.Tab value="retirements">Retirements</Tabs.Tab>
            <Tabs.Tab value="cancellations">Cancellations</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="projects">
            <RegistryProjects />
          </Tabs.Panel>
          <Tabs.Panel value="issuances">
            <RegistryBatches />
          </Tabs.Panel>
          <Tabs.Panel value="retirements">
            <RegistryRetirements />
          </Tabs.Panel>
          <Tabs.Panel value="cancellations">
            <RegistryCancellations />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PublicPage>
  );
}
