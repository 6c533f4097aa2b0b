import { projectionUpdatedMessage, socketEvents } from '@carbon-ledger/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { ProjectionUpdateFilter } from './projection-update-filter';
import type { RealtimeMessageBus } from './realtime-message-bus';
import { queryKeysByView, queryKeysOfViews } from './view-query-keys';

export const SUBSCRIBE_TRADES = 'subscribe-trades';
export const SUBSCRIBE_CREDITS = 'subscribe-credits';

export type RealtimeConnectionState = 'connecting' | 'connected' | 'disconnected';

/** Invalidates the queries of the views a 'projection-updated' message names, once per projection and position. */
export function createProjectionUpdateHandler(queryClient: QueryClient, filter: ProjectionUpdateFilter) {
  return (message: unknown): void => {
    const parsed = projectionUpdatedMessage.safeParse(message);
    if (!parsed.success || !filter.accept(parsed.data.projection, parsed.data.position)) return;
    for (const queryKey of queryKeysOfViews(parsed.data.views)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

function invalidateAllViews(queryClient: QueryClient): void {
  for (const queryKey of Object.values(queryKeysByView).flat()) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Socket on the same origin; query polling stays on as the fallback when it is down.
 * socket.io-client loads after the first screen, not with it (a light landing page, `e2e/landing.e2e.ts`).
 */
export async function connectRealtimeSocket(): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({ path: '/socket.io', withCredentials: true });
}

/** Wires one socket's events to the query cache, the connection state and the message bus; returns it. */
function listen(
  socket: Socket,
  queryClient: QueryClient,
  setState: (state: RealtimeConnectionState) => void,
  messageBus: RealtimeMessageBus | undefined,
): Socket {
  const filter = new ProjectionUpdateFilter();
  const handleProjectionUpdated = createProjectionUpdateHandler(queryClient, filter);
  let connectedBefore = false;

  socket.on('connect', () => {
    if (connectedBefore) {
      // Messages sent while we were away are lost: catch up once and accept any position
      // again, since a restarted server may have started a new log.
      filter.reset();
      invalidateAllViews(queryClient);
    }
    connectedBefore = true;
    // On connect the client subscribes to trades and credits (newTrade, newCredit).
    socket.emit(SUBSCRIBE_TRADES);
    socket.emit(SUBSCRIBE_CREDITS);
    setState('connected');
  });
  socket.on('disconnect', () => setState('disconnected'));
  socket.on('connect_error', () => setState('disconnected'));
  socket.on(socketEvents.projectionUpdated, handleProjectionUpdated);
  messageBus?.attach(socket);
  return socket;
}

/** `connect` null: no socket for now (the service accepts signed-in browsers only). */
export function useRealtimeUpdates(
  connect: (() => Socket | Promise<Socket>) | null = connectRealtimeSocket,
  messageBus?: RealtimeMessageBus,
): RealtimeConnectionState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RealtimeConnectionState>('connecting');

  useEffect(() => {
    if (!connect) return;
    let current: Socket | undefined;
    let unmounted = false;
    const connecting = connect();
    if (connecting instanceof Promise) {
      connecting.then(
        (socket) => (unmounted ? socket.disconnect() : (current = listen(socket, queryClient, setState, messageBus))),
        () => setState('disconnected'),
      );
    } else {
      current = listen(connecting, queryClient, setState, messageBus);
    }
    return () => {
      unmounted = true;
      if (!current) return;
      messageBus?.detach(current);
      current.removeAllListeners();
      current.disconnect();
    };
  }, [connect, messageBus, queryClient]);

  return connect ? state : 'disconnected';
}
