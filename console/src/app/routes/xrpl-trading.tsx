import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function XrplTradingRoute() {
  return <PlaceholderPage title="XRPL Carbon Trading" />;
}
