import pg from 'pg';

const RECONNECT_MS = 1_000;

export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * LISTENs on a PostgreSQL channel on a connection of its own, opening it again after it is lost.
 * What was notified meanwhile is missed: `onReconnected` lets the caller catch up another way.
 */
export function listenToChannel(
  connection: pg.ClientConfig,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnected: () => void = () => undefined,
): ChannelListener {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let lostBefore = false;
  const open = (): void => {
    if (stopped) return;
    const client = new pg.Client(connection);
    current = client;
    const lost = (): void => {
      if (current !== client) return;
      current = undefined;
      lostBefore = true;
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(open, RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) onPayload(notification.payload);
    });
    client
      .connect()
      .then(() => client.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (lostBefore) onReconnected();
      })
      .catch(lost);
  };
  open();
  return {
    async close() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
