import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function MarketplaceRoute() {
  return <PlaceholderPage title="Carbon Credit Marketplace" />;
}
