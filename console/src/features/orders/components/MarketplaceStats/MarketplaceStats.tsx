import { IconChartBar, IconCurrencyDollar, IconListDetails } from '@tabler/icons-react';
import { StatCardGrid, type StatCardProps } from '../../../../shared/components/StatCard/StatCard';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';
import { useMarketplace, type MarketSelection } from '../../api/get-marketplace';

const count = new Intl.NumberFormat('en-US');

/**
 * Average Price, 24h Volume and Active Listings, computed from the event log (real
 * figures) instead of the product's sample ones: an empty market shows '—' and 0.
 */
export function MarketplaceStats({ market }: { market: MarketSelection }) {
  const { data } = useMarketplace(market);
  const averagePrice = data?.averagePrice;

  const cards: StatCardProps[] = [
    {
      label: 'Average Price',
      value: averagePrice ? formatUsdCents(priceToCents(averagePrice)) : '—',
      caption: '24 h trades, from the order book',
      Icon: IconCurrencyDollar,
      testId: 'stat-average-price',
    },
    {
      label: '24h Volume',
      value: count.format(data?.volume24h ?? 0),
      caption: 'credits traded, from the order book',
      Icon: IconChartBar,
      testId: 'stat-volume',
    },
    {
      label: 'Active Listings',
      value: count.format(data?.activeListings ?? 0),
      caption: 'open orders, from the order book',
      Icon: IconListDetails,
      testId: 'stat-active-listings',
    },
  ];
  return <StatCardGrid cards={cards} cols={{ base: 1, sm: 3 }} testId="marketplace-stats" />;
}
