import type { MetricsResponse } from '@carbon-ledger/contracts';
import { IconCertificate, IconCloud, IconCurrencyDollar, IconLeaf } from '@tabler/icons-react';
import { StatCardGrid, type StatCardProps } from '../../../../shared/components/StatCard/StatCard';
import { formatUsd } from '../../../../shared/format/format-usd';

const count = new Intl.NumberFormat('en-US');

/** The Overview's four metric cards; '—' while they load. */
export function MetricCards({ metrics }: { metrics: MetricsResponse | undefined }) {
  const show = (format: (value: MetricsResponse) => string) => (metrics ? format(metrics) : '—');
  const cards: StatCardProps[] = [
    {
      label: 'Total Credits Issued',
      value: show((m) => count.format(m.totalCredits)),
      caption: 'across the registry',
      Icon: IconCertificate,
      testId: 'metric-total-credits',
    },
    {
      label: 'Portfolio Value',
      value: show((m) => formatUsd(m.portfolioValue)),
      caption: 'your credits at last trade prices',
      Icon: IconCurrencyDollar,
      testId: 'metric-portfolio-value',
    },
    {
      label: 'Credits Retired',
      value: show((m) => count.format(m.retiredCredits)),
      caption: 'permanently out of circulation',
      Icon: IconLeaf,
      testId: 'metric-retired-credits',
    },
    {
      label: 'CO2 Tons Offset',
      value: show((m) => count.format(m.co2Impact)),
      caption: 'tCO2e, one per retired credit',
      Icon: IconCloud,
      testId: 'metric-co2-impact',
    },
  ];
  return <StatCardGrid cards={cards} cols={{ base: 1, sm: 2, lg: 4 }} testId="metric-cards" />;
}
