export interface NavigationEntry {
  label: string;
  path: string;
}

/** Spec section 2, in this order. */
export const navigationEntries: readonly NavigationEntry[] = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Issue Credits', path: '/issue' },
  { label: 'Trading', path: '/trade' },
  { label: 'Trading Desk', path: '/trading-desk' },
  { label: 'Carbon Trading XRPL', path: '/xrpl' },
  { label: 'Portfolio', path: '/portfolio' },
  { label: 'Compliance', path: '/compliance' },
];
