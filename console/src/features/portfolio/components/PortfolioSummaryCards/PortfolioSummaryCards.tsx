import type { PortfolioHoldingsResponse, PortfolioView, SuggestionView } from '@carbon-ledger/contracts';
import { IconBulb, IconCoin, IconLeaf, IconShieldCheck } from '@tabler/icons-react';
import { StatCardGrid, type StatCardProps } from '../../../../shared/components/StatCard/StatCard';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { formatCount } from '../../../../shared/format/plural';

export interface PortfolioSummaryCardsProps {
  portfolio: PortfolioView;
  holdings: PortfolioHoldingsResponse | undefined;
  suggestions: readonly SuggestionView[] | undefined;
}

const riskProfileLabels = { conservative: 'Conservative', moderate: 'Moderate', aggressive: 'Aggressive' } as const;

export function PortfolioSummaryCards({ portfolio, holdings, suggestions }: PortfolioSummaryCardsProps) {
  const pressing = suggestions?.filter((suggestion) => suggestion.priority === 'urgent' || suggestion.priority === 'high').length ?? 0;
  const cards: StatCardProps[] = [
    {
      label: 'Total Value',
      value: formatUsdCents(priceToCents(holdings?.totalValue ?? portfolio.totalValue)),
      caption: 'At last trade prices; never-traded markets at reference prices',
      Icon: IconCoin,
      testId: 'portfolio-total-value',
    },
    {
      label: 'Total Credits',
      value: (holdings?.totalQuantity ?? 0).toLocaleString('en-US'),
      caption: formatCount(holdings?.holdings.length ?? 0, 'market'),
      Icon: IconLeaf,
      testId: 'portfolio-total-credits',
    },
    { label: 'Risk Profile', value: riskProfileLabels[portfolio.riskProfile], caption: 'Set when created', Icon: IconShieldCheck, testId: 'portfolio-risk' },
    {
      label: 'AI Suggestions',
      value: String(suggestions?.length ?? 0),
      caption: `${pressing} urgent or high priority`,
      Icon: IconBulb,
      testId: 'portfolio-suggestion-count',
    },
  ];
  return <StatCardGrid cards={cards} cols={{ base: 1, sm: 2, lg: 4 }} />;
}
