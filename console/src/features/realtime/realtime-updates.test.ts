import type { NewCreditMessage, NewTradeMessage } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { creditUpdate, tradeUpdate } from './realtime-updates';

const trade = (amount: number): NewTradeMessage => ({
  tradeId: 'trade-1',
  kind: 'order-match',
  amount,
  price: '42.50',
  projectType: 'Solar Energy',
  vintage: 2026,
  txHash: null,
  buyOrderId: null,
  sellOrderId: null,
  timestamp: '2026-11-28T10:00:00.000Z',
  projection: 'trades',
  position: '1:1',
});

const credit = (creditAmount: number): NewCreditMessage => ({
  tokenId: 'SOLAR-2026-AAAAAAAA',
  creditAmount,
  projectName: 'Mojave Solar Farm',
  projectType: 'Solar Energy',
  nftId: null,
  timestamp: '2026-11-28T10:00:00.000Z',
  projection: 'credits',
  position: '2:2',
});

describe('realtime update texts', () => {
  it("say '1 credit' for one credit and '2 credits' for two", () => {
    expect(tradeUpdate(trade(1)).description).toBe('1 credit @ $42.50 (order book)');
    expect(tradeUpdate(trade(2)).description).toBe('2 credits @ $42.50 (order book)');
    expect(creditUpdate(credit(1)).description).toBe('1 credit issued: Mojave Solar Farm');
    expect(creditUpdate(credit(2)).description).toBe('2 credits issued: Mojave Solar Farm');
  });
});
