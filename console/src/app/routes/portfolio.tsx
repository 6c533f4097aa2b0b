import type { PortfolioView } from '@carbon-ledger/contracts';
import { Alert, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../features/auth/api/get-session';
import { usePortfolioHoldings } from '../../features/portfolio/api/get-portfolio-holdings';
import { usePortfolioSuggestions } from '../../features/portfolio/api/get-portfolio-suggestions';
import { usePortfolios } from '../../features/portfolio/api/list-portfolios';
import { AutoRebalanceSetting } from '../../features/portfolio/components/AutoRebalanceSetting/AutoRebalanceSetting';
import { CreatePortfolioModal } from '../../features/portfolio/components/CreatePortfolioModal/CreatePortfolioModal';
import { HoldingsTable } from '../../features/portfolio/components/HoldingsTable/HoldingsTable';
import { MarketInsightsPanel } from '../../features/portfolio/components/MarketInsightsPanel/MarketInsightsPanel';
import { PortfolioAnalyticsPanel } from '../../features/portfolio/components/PortfolioAnalyticsPanel/PortfolioAnalyticsPanel';
import { PortfolioEmptyState } from '../../features/portfolio/components/PortfolioEmptyState/PortfolioEmptyState';
import { PortfolioSelector } from '../../features/portfolio/components/PortfolioSelector/PortfolioSelector';
import { PortfolioSummaryCards } from '../../features/portfolio/components/PortfolioSummaryCards/PortfolioSummaryCards';
import { SuggestionList } from '../../features/portfolio/components/SuggestionList/SuggestionList';
import { describeError } from '../../shared/api/http';

function PortfolioDetails({ portfolio }: { portfolio: PortfolioView }) {
  const holdings = usePortfolioHoldings(portfolio.id);
  const suggestions = usePortfolioSuggestions(portfolio.id);
  return (
    <Stack gap="lg">
      <PortfolioSummaryCards portfolio={portfolio} holdings={holdings.data} suggestions={suggestions.data} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="suggestions">AI Suggestions</Tabs.Tab>
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          <Tabs.Tab value="insights">Market Insights</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack gap="lg">
            <HoldingsTable portfolioId={portfolio.id} />
            <Card withBorder padding="lg" radius="md">
              <Title order={3} size="h4" mb="xs">
                {portfolio.name}
              </Title>
              {portfolio.description && <Text mb="sm">{portfolio.description}</Text>}
              <Text size="sm" c="dimmed" mb="md">
                Created {new Date(portfolio.createdAt).toLocaleDateString()}
              </Text>
              <AutoRebalanceSetting />
            </Card>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="suggestions" pt="md">
          <SuggestionList portfolioId={portfolio.id} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <PortfolioAnalyticsPanel portfolioId={portfolio.id} />
        </Tabs.Panel>
        <Tabs.Panel value="insights" pt="md">
          <MarketInsightsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function PortfolioRoute() {
  const { data: user } = useSession();
  const portfolios = usePortfolios(user?.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const list = portfolios.data ?? [];
  // Spec 4: the first portfolio is selected when the list loads.
  const selected = list.find((portfolio) => portfolio.id === chosenId) ?? list[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>AI Portfolio Management</Title>
          <Text c="dimmed">Explainable suggestions from your holdings, risk profile and the market's own trades</Text>
        </div>
        <Group gap="sm">
          {list.length > 0 && <PortfolioSelector portfolios={list} value={selected?.id ?? null} onChange={setChosenId} />}
          <Button leftSection={<IconPlus size={16} />} onClick={openCreate} disabled={!user}>
            Create Portfolio
          </Button>
        </Group>
      </Group>
      {portfolios.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading portfolios" />
        </Center>
      ) : portfolios.error ? (
        <Alert color="red" title="Unable to load portfolios">
          {describeError(portfolios.error)}
        </Alert>
      ) : selected ? (
        <PortfolioDetails key={selected.id} portfolio={selected} />
      ) : (
        <PortfolioEmptyState onGetStarted={openCreate} />
      )}
      {user && <CreatePortfolioModal opened={creating} onClose={closeCreate} userId={user.id} onCreated={(portfolio) => setChosenId(portfolio.id)} />}
    </Stack>
  );
}
