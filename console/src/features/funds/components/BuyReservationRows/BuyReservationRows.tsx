import { buyReservationCents, type OrderSide } from '@carbon-ledger/contracts';
import { Group, Text } from '@mantine/core';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';

/** An order as a form holds it so far; only a buy reserves cash. */
export interface DraftedOrder {
  side: OrderSide;
  amount: number;
  limitCents: number;
}

export interface BuyReservationRowsProps {
  order: DraftedOrder;
  /** The caller's available cash ("123.45"), which a buy's cost and fee are reserved from; no row while it is unknown. */
  availableFunds: string | undefined;
  /** The rows' test ids are `<testIdPrefix>-cost-with-fee` and `<testIdPrefix>-available-funds`. */
  testIdPrefix: string;
  reservationLabel: string;
}

/** Under an order form: what a buy would reserve (its cost at the limit plus the fee) beside the cash available. */
export function BuyReservationRows({ order, availableFunds, testIdPrefix, reservationLabel }: BuyReservationRowsProps) {
  return (
    <>
      {order.side === 'buy' && (
        <Group justify="space-between">
          <Text size="sm">{reservationLabel}</Text>
          <Text size="sm" fw={600} data-testid={`${testIdPrefix}-cost-with-fee`}>
            {formatUsdCents(BigInt(buyReservationCents(order.amount, order.limitCents)))}
          </Text>
        </Group>
      )}
      {availableFunds !== undefined && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Available funds
          </Text>
          <Text size="sm" data-testid={`${testIdPrefix}-available-funds`}>
            {formatUsdCents(priceToCents(availableFunds))}
          </Text>
        </Group>
      )}
    </>
  );
}
