export const orderProjectTypes = ['Solar Energy', 'Wind Energy', 'Forestry', 'Hydroelectric', 'Geothermal'] as const;
export type OrderProjectType = (typeof orderProjectTypes)[number];

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];

/** pending rests on the book untouched; partially_filled has traded part; completed has traded all. */
export const orderStatuses = ['pending', 'partially_filled', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const ORDERS_POLL_INTERVAL_MS = 5_000;
