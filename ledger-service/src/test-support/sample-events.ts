import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '@carbon-ledger/contracts';

/** A small order-like event with fresh ids, for tests of the log itself (hash chains, seals, verification). */
export function sampleEvent(n: number): EventToAppend {
  return {
    eventId: randomUUID(),
    type: 'OrderPlaced',
    data: { n, price: '1.00' },
    metadata: {
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId: 'u', role: 'trader' },
      schemaVersion: 1,
      recordedAt: new Date().toISOString(),
    },
  };
}
