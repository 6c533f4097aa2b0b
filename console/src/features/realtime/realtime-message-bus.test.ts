import { describe, expect, it, vi } from 'vitest';
import { FakeMessageSource } from './realtime-fixtures';
import { RealtimeMessageBus } from './realtime-message-bus';

describe('RealtimeMessageBus', () => {
  it('delivers messages to subscriptions made before and after the socket is attached', () => {
    const bus = new RealtimeMessageBus();
    const early = vi.fn();
    const late = vi.fn();
    bus.subscribe('aml-alert', early);
    const source = new FakeMessageSource();
    bus.attach(source);
    bus.subscribe('aml-alert', late);

    source.emit('aml-alert', { id: 1 });

    expect(early).toHaveBeenCalledWith({ id: 1 });
    expect(late).toHaveBeenCalledWith({ id: 1 });
  });

  it('stops delivering after unsubscribe and re-attaches to a new socket', () => {
    const bus = new RealtimeMessageBus();
    const handler = vi.fn();
    const first = new FakeMessageSource();
    bus.attach(first);
    const unsubscribe = bus.subscribe('aml-alert', handler);
    bus.detach(first);
    const second = new FakeMessageSource();
    bus.attach(second);
    second.emit('aml-alert', 'again');
    unsubscribe();
    second.emit('aml-alert', 'gone');

    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('again');
  });
});
