import { type CreditLabel, creditLabels } from '@carbon-ledger/contracts';
import { Group, SegmentedControl, Title } from '@mantine/core';

interface OrderBookHeaderProps {
  /** The filter's first choice, which keeps every order. */
  allLabel: string;
  label: CreditLabel | undefined;
  onLabelChange: (label: CreditLabel | undefined) => void;
}

/** An order book's title and its credit label filter; undefined is the first choice, no label asked for. */
export function OrderBookHeader({ allLabel, label, onLabelChange }: OrderBookHeaderProps) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={2} size="h4">
        Order Book
      </Title>
      <SegmentedControl
        size="xs"
        data-testid="order-book-label-filter"
        data={[allLabel, ...creditLabels]}
        value={label ?? allLabel}
        onChange={(value) => onLabelChange(creditLabels.find((known) => known === value))}
      />
    </Group>
  );
}
