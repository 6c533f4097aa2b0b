import type { AmlAlertView } from '@carbon-ledger/contracts';

/** Spec section 9: the realtime feed keeps the 10 newest entries. */
export const AML_FEED_SIZE = 10;

/** Pushed and loaded alerts as one list: each alert once, newest first, at most `size`. */
export function mergeAmlAlerts(lists: readonly (readonly AmlAlertView[])[], size = AML_FEED_SIZE): AmlAlertView[] {
  const byId = new Map<string, AmlAlertView>();
  for (const list of lists) {
    for (const alert of list) if (!byId.has(alert.alertId)) byId.set(alert.alertId, alert);
  }
  return [...byId.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, size);
}
