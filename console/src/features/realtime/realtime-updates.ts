import type { NewCreditMessage, NewTradeMessage } from '@carbon-ledger/contracts';
import { formatCount } from '../../shared/format/plural';

/** Spec 4 and 9: the realtime feed keeps the 10 newest entries. */
export const REALTIME_FEED_SIZE = 10;

export interface RealtimeUpdate {
  /** kind and log position: a message delivered twice (after a reconnect) is shown once. */
  readonly key: string;
  readonly kind: 'trade' | 'credit';
  readonly description: string;
  readonly timestamp: string;
}

const tradeKinds: Record<NewTradeMessage['kind'], string> = {
  'order-match': 'order book',
  direct: 'direct',
  'xrpl-amm': 'XRPL AMM',
};

export function tradeUpdate(message: NewTradeMessage): RealtimeUpdate {
  // Swaps through the pool are priced in XRP per credit; registry trades in USD.
  const price = message.price ? (message.kind === 'xrpl-amm' ? ` @ ${message.price} XRP` : ` @ $${message.price}`) : '';
  return {
    key: `trade:${message.position}:${message.tradeId}`,
    kind: 'trade',
    description: `${formatCount(message.amount, 'credit')}${price} (${tradeKinds[message.kind]})`,
    timestamp: message.timestamp,
  };
}

export function creditUpdate(message: NewCreditMessage): RealtimeUpdate {
  return {
    key: `credit:${message.position}:${message.tokenId}`,
    kind: 'credit',
    description: `${formatCount(message.creditAmount, 'credit')} issued: ${message.projectName}`,
    timestamp: message.timestamp,
  };
}

/** Newest first, without duplicates, at most REALTIME_FEED_SIZE. */
export function addRealtimeUpdate(current: RealtimeUpdate[], update: RealtimeUpdate): RealtimeUpdate[] {
  if (current.some((entry) => entry.key === update.key)) return current;
  return [update, ...current].slice(0, REALTIME_FEED_SIZE);
}
