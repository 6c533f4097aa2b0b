import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { RealtimeMessageBus } from '../../realtime-message-bus';
import { connectRealtimeSocket, useRealtimeUpdates, type RealtimeConnectionState } from '../../use-realtime-updates';

const RealtimeConnectionContext = createContext<RealtimeConnectionState>('disconnected');
/** Without a provider (tests, for instance) subscriptions simply receive nothing. */
const RealtimeMessageBusContext = createContext<RealtimeMessageBus>(new RealtimeMessageBus());

/**
 * One socket for the whole console while `enabled` (someone is signed in: the service accepts no
 * other browser); screens read its state with useRealtimeConnection. Disabled, it loads no socket.io.
 */
export function RealtimeProvider({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const [messageBus] = useState(() => new RealtimeMessageBus());
  const state = useRealtimeUpdates(enabled ? connectRealtimeSocket : null, messageBus);
  return (
    <RealtimeMessageBusContext value={messageBus}>
      <RealtimeConnectionContext value={state}>{children}</RealtimeConnectionContext>
    </RealtimeMessageBusContext>
  );
}

export function useRealtimeConnection(): RealtimeConnectionState {
  return useContext(RealtimeConnectionContext);
}

/** Calls `handler` with each socket message named `event` while the caller is mounted. */
export function useRealtimeMessage(event: string, handler: (payload: unknown) => void): void {
  const messageBus = useContext(RealtimeMessageBusContext);
  const latestHandler = useRef(handler);
  useEffect(() => {
    latestHandler.current = handler;
  });
  useEffect(() => messageBus.subscribe(event, (payload) => latestHandler.current(payload)), [event, messageBus]);
}

export { RealtimeMessageBusContext };
