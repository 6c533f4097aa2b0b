import { orderScopes, type OrderScope } from '@carbon-ledger/contracts';
import { SegmentedControl } from '@mantine/core';

const labels: Record<OrderScope, string> = { mine: 'Mine', all: 'All' };

export interface OrderScopeControlProps {
  value: OrderScope;
  onChange: (scope: OrderScope) => void;
}

/** Switches the Trading Desk between the user's own orders and everyone's (for compliance, auditors and admins). */
export function OrderScopeControl({ value, onChange }: OrderScopeControlProps) {
  return (
    <SegmentedControl
      aria-label="Whose orders"
      data={orderScopes.map((scope) => ({ value: scope, label: labels[scope] }))}
      value={value}
      onChange={(next) => onChange(next === 'all' ? 'all' : 'mine')}
      data-testid="orders-scope"
    />
  );
}
