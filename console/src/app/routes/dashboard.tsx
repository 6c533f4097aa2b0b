import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconBriefcase, IconLayoutDashboard, IconLeaf, IconPlus, IconWallet } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DashboardOverview } from './dashboard-tabs/DashboardOverview';
import { DashboardRetirements } from './dashboard-tabs/DashboardRetirements';
import { AmmPoolMonitor } from '../../features/xrpl/components/AmmPoolMonitor/AmmPoolMonitor';
import { XrplWallets } from '../../features/xrpl/components/XrplWallets/XrplWallets';

const dashboardTabs = ['overview', 'retirements', 'amm', 'wallets'] as const;
type DashboardTab = (typeof dashboardTabs)[number];
const DEFAULT_TAB: DashboardTab = 'overview';

function isDashboardTab(value: string | null): value is DashboardTab {
  return dashboardTabs.some((tab) => tab === value);
}

export function DashboardRoute() {
  // The tab lives in the URL (?tab=amm) so a reload or a shared link opens the same tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DashboardTab = isDashboardTab(requested) ? requested : DEFAULT_TAB;

  const selectTab = (value: string | null) => {
    if (!isDashboardTab(value)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Dashboard</Title>
          <Text c="dimmed">Credits, the XRP/NXCC pool and the platform wallets at a glance</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/issue" leftSection={<IconPlus size={16} />} data-testid="dashboard-issue">
            Issue New Credits
          </Button>
          <Button component={Link} to="/portfolio" variant="default" leftSection={<IconBriefcase size={16} />} data-testid="dashboard-portfolio">
            View Portfolio
          </Button>
        </Group>
      </Group>
      {/* Unmounting hidden tabs stops their polling while another tab is open. */}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={16} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="retirements" leftSection={<IconLeaf size={16} />}>
            Retirements
          </Tabs.Tab>
          <Tabs.Tab value="amm" leftSection={<IconArrowsExchange size={16} />}>
            AMM Pool Monitor
          </Tabs.Tab>
          <Tabs.Tab value="wallets" leftSection={<IconWallet size={16} />}>
            XRPL Wallets
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <DashboardOverview />
        </Tabs.Panel>
        <Tabs.Panel value="retirements">
          <DashboardRetirements />
        </Tabs.Panel>
        <Tabs.Panel value="amm">
          <AmmPoolMonitor />
        </Tabs.Panel>
        <Tabs.Panel value="wallets">
          <XrplWallets />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
