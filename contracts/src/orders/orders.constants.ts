export const orderProjectTypes = [
  'Solar Energy',
  'Wind Energy',
  'Forestry',
  'Hydroelectric',
  'Geothermal',
] as const;
export type OrderProjectType = (typeof orderProjectTypes)[number];

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];

export const orderStatuses = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const ORDERS_POLL_INTERVAL_MS = 5_000;
