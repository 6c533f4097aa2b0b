import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function DashboardRoute() {
  return <PlaceholderPage title="Dashboard" />;
}
