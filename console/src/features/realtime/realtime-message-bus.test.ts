import { describe, expect, it, vi } from 'vitest';
import { RealtimeMessageBus, type MessageSource } from './realtime-message-bus';

class FakeSource implements MessageSource {
  readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, handler: (payload: unknown) => void): void {
    this.handlers.set(event, (this.handlers.get(event) ?? new Set()).add(handler));
  }
  off(event: string, handler: (payload: unknown) => void): void {
    this.handlers.get(event)?.delete(handler);
  }
  emit(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

describe('RealtimeMessageBus', () => {
  it('delivers messages to subscriptions made before and after the socket is attached', () => {
    const bus = new RealtimeMessageBus();
    const early = vi.fn();
    const late = vi.fn();
    bus.subscribe('aml-alert', early);
    const source = new FakeSource();
    bus.attach(source);
    bus.subscribe('aml-alert', late);

    source.emit('aml-alert', { id: 1 });

    expect(early).toHaveBeenCalledWith({ id: 1 });
    expect(late).toHaveBeenCalledWith({ id: 1 });
  });

  it('stops delivering after unsubscribe and re-attaches to a new socket', () => {
    const bus = new RealtimeMessageBus();
    const handler = vi.fn();
    const first = new FakeSource();
    bus.attach(first);
    const unsubscribe = bus.subscribe('aml-alert', handler);
    bus.detach(first);
    const second = new FakeSource();
    bus.attach(second);
    second.emit('aml-alert', 'again');
    unsubscribe();
    second.emit('aml-alert', 'gone');

    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('again');
  });
});
