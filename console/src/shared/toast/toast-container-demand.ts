import { useSyncExternalStore } from 'react';

/**
 * Whether a toast was ever shown. The toast container loads with the first toast; this module stays
 * tiny so that the entry chunk can watch for it without importing @mantine/notifications.
 */
let demanded = false;
const listeners = new Set<() => void>();

export function demandToastContainer(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastContainerDemanded(): boolean {
  return useSyncExternalStore(subscribe, () => demanded);
}
