import type { Role } from '@carbon-ledger/contracts';
import { Alert, Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconClipboardCheck, IconFolders } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { MyProjects } from '../../features/projects/components/MyProjects/MyProjects';
import { RegistryReview } from '../../features/projects/components/RegistryReview/RegistryReview';
import { CancelCreditsForm } from '../../features/credits/components/CancelCreditsForm/CancelCreditsForm';
import { VerificationQueue } from '../../features/projects/components/VerificationQueue/VerificationQueue';

type ProjectsTab = 'mine' | 'verification' | 'review';

interface TabEntry {
  value: ProjectsTab;
  label: string;
  icon: ReactNode;
  /** Who the server lets read the tab's list. */
  roles: readonly Role[];
  panel: () => ReactNode;
}

const tabs: readonly TabEntry[] = [
  { value: 'mine', label: 'My projects', icon: <IconFolders size={16} />, roles: ['issuer', 'admin'], panel: () => <MyProjects /> },
  { value: 'verification', label: 'Verification queue', icon: <IconClipboardCheck size={16} />, roles: ['verifier'], panel: () => <VerificationQueue /> },
  {
    value: 'review',
    label: 'Registry review',
    icon: <IconBuildingBank size={16} />,
    roles: ['registry'],
    panel: () => (
      <Stack gap="md">
        <RegistryReview />
        {/* The registry cancels any account's credits (never a reversal: that is recorded on its project). */}
        <CancelCreditsForm asRegistry />
      </Stack>
    ),
  },
];

/** Projects (/projects): each role sees the tabs of its part in a project's lifecycle. */
export function ProjectsRoute() {
  const session = useSession();
  // The tab lives in the URL (?tab=review) so a link from another screen opens it.
  const [searchParams, setSearchParams] = useSearchParams();

  const header = (
    <div>
      <Title order={1}>Projects</Title>
      <Text c="dimmed">
        From a drafted project to issued credits: validation by an accredited verifier, registration, verified monitoring reports and the registry&apos;s
        approval.{' '}
        <Anchor component={Link} to="/registry">
          Open the public registry
        </Anchor>
      </Text>
    </div>
  );

  if (session.isPending)
    return (
      <Stack gap="lg">
        {header}
        <Loader size="sm" />
      </Stack>
    );
  const roles = session.data?.roles ?? [];
  const visible = tabs.filter((tab) => tab.roles.some((role) => roles.includes(role)));
  if (visible.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <Alert color="yellow" title="No project role" data-testid="projects-no-role">
          Working on projects needs the issuer, verifier or registry role. Ask an administrator to grant it to your account.
        </Alert>
      </Stack>
    );
  const requested = searchParams.get('tab');
  const current = visible.find((tab) => tab.value === requested) ?? visible[0];
  const select = (value: string | null) => {
    if (value) setSearchParams({ tab: value }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {header}
      </Group>
      <Tabs value={current?.value ?? null} onChange={select} keepMounted={false}>
        <Tabs.List mb="lg">
          {visible.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visible.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.panel()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
