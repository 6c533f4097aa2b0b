import { PlaceholderPage } from '../layout/PlaceholderPage/PlaceholderPage';

export function IssueCreditsRoute() {
  return <PlaceholderPage title="Issue Carbon Credits" />;
}
