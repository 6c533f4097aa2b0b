import type { NewCreditMessage, NewTradeMessage } from '@carbon-ledger/contracts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { RealtimeMessageBusContext } from '../RealtimeProvider/RealtimeProvider';
import { FakeMessageSource } from '../../realtime-fixtures';
import { RealtimeMessageBus } from '../../realtime-message-bus';
import { RealtimeUpdatesCard } from './RealtimeUpdatesCard';

/** The card re-renders on each message: pushed inside act(). */
class FakeSocket extends FakeMessageSource {
  override emit(event: string, payload: unknown): void {
    act(() => super.emit(event, payload));
  }
}

function aTrade(index: number, overrides: Partial<NewTradeMessage> = {}): NewTradeMessage {
  return {
    tradeId: `trade-${index}`,
    kind: 'xrpl-amm',
    amount: index,
    price: null,
    projectType: 'Solar Energy',
    vintage: null,
    txHash: null,
    buyOrderId: null,
    sellOrderId: null,
    timestamp: '2026-11-22T10:00:00.000Z',
    projection: 'credit-trades',
    position: `${index}:${index}`,
    ...overrides,
  };
}

function aCredit(overrides: Partial<NewCreditMessage> = {}): NewCreditMessage {
  return {
    tokenId: 'SOLAR-2026-7F3A9C21',
    creditAmount: 250,
    projectName: 'Mojave Solar Farm',
    projectType: 'Solar Energy',
    nftId: null,
    timestamp: '2026-11-22T10:00:00.000Z',
    projection: 'credit-registry',
    position: '99:99',
    ...overrides,
  };
}

async function renderCard() {
  const bus = new RealtimeMessageBus();
  const socket = new FakeSocket();
  bus.attach(socket);
  renderWithProviders(
    <RealtimeMessageBusContext value={bus}>
      <RealtimeUpdatesCard />
    </RealtimeMessageBusContext>,
  );
  // The router renders asynchronously; the card subscribes once it is mounted.
  await screen.findByTestId('realtime-updates-card');
  return socket;
}

const entries = () => screen.queryAllByTestId('realtime-update').map((entry) => entry.textContent);

describe('RealtimeUpdatesCard', () => {
  it('waits for activity until a message arrives', async () => {
    await renderCard();
    expect(screen.getByTestId('realtime-updates-empty').textContent).toBe('Waiting for blockchain activity...');
  });

  it('shows newTrade and newCredit messages, newest first, each once', async () => {
    const socket = await renderCard();
    socket.emit('newTrade', aTrade(3, { kind: 'order-match', price: '42.50' }));
    socket.emit('newCredit', aCredit());
    socket.emit('newCredit', aCredit());
    socket.emit('newTrade', { amount: 'not a message' });

    expect(entries()).toEqual([
      expect.stringContaining('Credits250 credits issued: Mojave Solar Farm'),
      expect.stringContaining('Trade3 credits @ $42.50 (order book)'),
    ]);
    expect(screen.queryByTestId('realtime-updates-empty')).not.toBeInTheDocument();
  });

  it('keeps the 10 newest entries', async () => {
    const socket = await renderCard();
    for (let index = 1; index <= 12; index += 1) socket.emit('newTrade', aTrade(index));

    const shown = entries();
    expect(shown).toHaveLength(10);
    expect(shown[0]).toContain('12 credits');
    expect(shown[9]).toContain('3 credits');
  });
});
