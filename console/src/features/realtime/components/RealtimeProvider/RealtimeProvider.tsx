import { createContext, useContext, type ReactNode } from 'react';
import { useRealtimeUpdates, type RealtimeConnectionState } from '../../use-realtime-updates';

const RealtimeConnectionContext = createContext<RealtimeConnectionState>('disconnected');

/** One socket for the whole console; screens read its state with useRealtimeConnection. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const state = useRealtimeUpdates();
  return <RealtimeConnectionContext value={state}>{children}</RealtimeConnectionContext>;
}

export function useRealtimeConnection(): RealtimeConnectionState {
  return useContext(RealtimeConnectionContext);
}
