import type { ViewName } from '@carbon-ledger/contracts';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Query keys are the API path split at slashes (the default load in `shared/api/query-client.ts`), so a view maps to
 * the path of the list that reads it. Kept here because features do not import each other.
 */
export const queryKeysByView: Readonly<Record<ViewName, readonly QueryKey[]>> = {
  orders: [['api', 'orders']],
  users: [['api', 'users']],
  'kyc-status': [['api', 'kyc', 'status']],
  'aml-alerts': [['api', 'aml', 'alerts']],
  'compliance-dashboard': [['api', 'kyc', 'dashboard']],
  credits: [['api', 'credits']],
  trades: [['api', 'trades']],
  // The analytics are computed from the same retirements.
  retirements: [
    ['api', 'retirements'],
    ['api', 'enhanced-retirement'],
  ],
  metrics: [['api', 'metrics']],
  marketplace: [['api', 'marketplace']],
  // Portfolio lists, holdings, suggestions and analytics; market insights read the same daily prices.
  portfolios: [
    ['api', 'portfolios'],
    ['api', 'portfolio'],
    ['api', 'market-insights'],
  ],
  'amm-reserves': [['api', 'xrpl', 'amm-reserves']],
  // Balances and statements of the cash ledger.
  funds: [['api', 'funds']],
  // Moves in and out of the vault: proof of reserves.
  vault: [['api', 'xrpl', 'reserves']],
  // Direct trade offers, incoming and outgoing.
  'trade-offers': [['api', 'trade', 'offers']],
};

export function queryKeysOfViews(views: readonly string[]): QueryKey[] {
  return views.flatMap((view) => (isViewName(view) ? queryKeysByView[view] : []));
}

function isViewName(view: string): view is ViewName {
  return Object.hasOwn(queryKeysByView, view);
}
