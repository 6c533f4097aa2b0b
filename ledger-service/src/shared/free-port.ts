import { createServer, type Server } from 'node:net';

/** A loopback port nobody listens on right now (for tests and benchmarks that start servers). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `count` distinct loopback ports nobody listens on right now: all are held open until
 * the last is found, so no two are the same. A service started with several ports must
 * get every one of them this way: a listener of its own on port 0 may be handed a port
 * just released by a probe for another.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const server = createServer();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}
