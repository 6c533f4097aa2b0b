import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function ComplianceRoute() {
  return <PlaceholderPage title="Compliance" />;
}
