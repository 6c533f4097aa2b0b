import type { MantineColor } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconHelpCircle, type TablerIcon } from '@tabler/icons-react';

export interface OrderStatusStyle {
  color: MantineColor;
  Icon: TablerIcon;
}

const styleByStatus: Readonly<Record<string, OrderStatusStyle>> = {
  pending: { color: 'yellow', Icon: IconClock },
  completed: { color: 'green', Icon: IconCircleCheck },
  cancelled: { color: 'red', Icon: IconCircleX },
};

/** The product's status colours: pending yellow, completed green, cancelled red, any other status grey. */
export function orderStatusStyle(status: string): OrderStatusStyle {
  return styleByStatus[status] ?? { color: 'gray', Icon: IconHelpCircle };
}
