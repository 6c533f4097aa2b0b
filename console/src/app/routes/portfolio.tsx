import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function PortfolioRoute() {
  return <PlaceholderPage title="AI Portfolio Management" />;
}
