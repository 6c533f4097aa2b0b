import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { ProjectionUpdateFilter } from './projection-update-filter';
import { createProjectionUpdateHandler, useRealtimeUpdates } from './use-realtime-updates';
import { queryKeysByView } from './view-query-keys';

function spiedQueryClient() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return { queryClient, invalidate };
}

/** Just enough of a socket.io client to drive the hook: `on` handlers fired by `emit`. */
class FakeSocket {
  private readonly handlers = new Map<string, ((payload?: unknown) => void)[]>();
  disconnected = false;

  on(event: string, handler: (payload?: unknown) => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, payload?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }
}

describe('createProjectionUpdateHandler', () => {
  it("invalidates the orders list for the 'orders' view", () => {
    const { queryClient, invalidate } = spiedQueryClient();
    const handle = createProjectionUpdateHandler(queryClient, new ProjectionUpdateFilter());

    handle({ projection: 'order-book', views: ['orders', 'unknown-view'], position: '3:3' });

    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'orders'] });
  });

  it('drops messages that are not newer than the last one, and malformed ones', () => {
    const { queryClient, invalidate } = spiedQueryClient();
    const handle = createProjectionUpdateHandler(queryClient, new ProjectionUpdateFilter());

    handle({ projection: 'order-book', views: ['orders'], position: '3:3' });
    handle({ projection: 'order-book', views: ['orders'], position: '3:3' });
    handle({ projection: 'order-book', views: ['orders'], position: '2:9' });
    handle({ projection: 'order-book', views: 'orders', position: '4:4' });
    handle({ views: ['orders'], position: '5:5' });

    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('refreshes the views of every projection that ends a batch at the same position', () => {
    const { queryClient, invalidate } = spiedQueryClient();
    const handle = createProjectionUpdateHandler(queryClient, new ProjectionUpdateFilter());

    // One trade: the registry moves the serials, the trades projection records the trade, both at its position.
    handle({ projection: 'credit-registry', views: ['credits'], position: '12:40' });
    handle({ projection: 'credit-trades', views: ['trades', 'metrics'], position: '12:40' });
    // The same message again (say, from another process of the service) is dropped.
    handle({ projection: 'credit-trades', views: ['trades', 'metrics'], position: '12:40' });

    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['api', 'credits'],
      ['api', 'trades'],
      ['api', 'metrics'],
    ]);
  });
});

describe('useRealtimeUpdates', () => {
  function renderWithSocket() {
    const { queryClient, invalidate } = spiedQueryClient();
    const socket = new FakeSocket();
    const connect = () => socket as unknown as Socket;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useRealtimeUpdates(connect), { wrapper });
    return { ...hook, socket, invalidate };
  }

  it('reports the connection state', () => {
    const { result, socket } = renderWithSocket();
    expect(result.current).toBe('connecting');

    act(() => socket.emit('connect'));
    expect(result.current).toBe('connected');

    act(() => socket.emit('disconnect'));
    expect(result.current).toBe('disconnected');
  });

  it('invalidates on projection updates and catches up after a reconnect', () => {
    const { socket, invalidate } = renderWithSocket();
    act(() => socket.emit('connect'));
    expect(invalidate).not.toHaveBeenCalled();

    act(() => socket.emit('projection-updated', { projection: 'order-book', views: ['orders'], position: '7:7' }));
    expect(invalidate).toHaveBeenCalledTimes(1);

    act(() => socket.emit('disconnect'));
    act(() => socket.emit('connect'));
    // Catching up invalidates the list of every view once.
    const everyViewKey = Object.values(queryKeysByView).flat().length;
    expect(invalidate).toHaveBeenCalledTimes(1 + everyViewKey);

    // A restarted server may count from the start again.
    act(() => socket.emit('projection-updated', { projection: 'order-book', views: ['orders'], position: '1:1' }));
    expect(invalidate).toHaveBeenCalledTimes(2 + everyViewKey);
  });

  it('subscribes to trades and credits on every connect', () => {
    const { socket } = renderWithSocket();
    const emitted = vi.spyOn(socket, 'emit');
    act(() => socket.emit('connect'));
    expect(emitted.mock.calls.map(([event]) => event)).toEqual(['connect', 'subscribe-trades', 'subscribe-credits']);
  });

  it('listens to a socket whose client loads later, and closes one that arrives after unmount', async () => {
    const { queryClient } = spiedQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const later = new FakeSocket();
    const { result } = renderHook(() => useRealtimeUpdates(async () => later as unknown as Socket), { wrapper });
    await act(async () => {});
    act(() => later.emit('connect'));
    expect(result.current).toBe('connected');

    const tooLate = new FakeSocket();
    const gone = renderHook(() => useRealtimeUpdates(async () => tooLate as unknown as Socket), { wrapper });
    gone.unmount();
    await act(async () => {});
    expect(tooLate.disconnected).toBe(true);
  });

  it('disconnects when unmounted', () => {
    const { socket, unmount } = renderWithSocket();
    unmount();
    expect(socket.disconnected).toBe(true);
  });
});
