import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { CSRF_HEADER, type NewTradeMessage, socketEvents } from '@carbon-ledger/contracts';
import { io } from 'socket.io-client';
import { commandIdForKey, deriveId, requestFingerprint } from '@carbon-ledger/ledger-service/bench';

/** What bench:trading hands its client thread. */
export interface TradingClientsInput {
  readonly baseUrl: string;
  /** Instances to spread the clients over (client i posts to instance i mod n); unset: all to `baseUrl`. */
  readonly baseUrls?: readonly string[];
  readonly buyers: readonly { readonly userId: string; readonly cookie: string; readonly csrf: string }[];
  /** The signed-in socket that receives newTrade, as the console does; unset: no socket (the peer pushes nothing). */
  readonly watcherCookie?: string;
  readonly body: string;
  /** Bodies to spread the clients over (client i posts bodies[i mod n], e.g. one per market); unset: all `body`. */
  readonly bodies?: readonly string[];
  /** Where the clients POST; unset: /api/orders. */
  readonly path?: string;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** What it answers once the run is over. */
export interface TradingClientsResult {
  readonly seconds: number;
  readonly trades: number;
  readonly failures: number;
  /** What the failed POSTs answered: "<status>" or "<status> filled <n>". */
  readonly failedAnswers: Record<string, number>;
  readonly latencies: number[];
  readonly pushLatencies: number[];
  /** CPU this thread used while measuring, in cores. */
  readonly clientCores: number;
}

/** Messages to the main thread: when the measured window starts, then the result. */
export type TradingClientsMessage = { readonly type: 'measuring' } | { readonly type: 'done'; readonly result: TradingClientsResult };

/**
 * The 16 HTTP clients and the socket of bench:trading, on a thread of their own: clients
 * are other machines in real use, so their fetch and JSON work must not take the service's
 * event loop. Each POST buys one credit that crosses one resting ask.
 */
async function run(input: TradingClientsInput): Promise<TradingClientsResult> {
  const sentAt = new Map<string, number>();
  const pushLatencies: number[] = [];
  let measuring = false;
  const socket = input.watcherCookie ? io(input.baseUrl, { transports: ['websocket'], extraHeaders: { cookie: input.watcherCookie } }) : undefined;
  if (socket) {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on(socketEvents.newTrade, (message: NewTradeMessage) => {
      const sent = message.buyOrderId ? sentAt.get(message.buyOrderId) : undefined;
      if (sent !== undefined && measuring) pushLatencies.push(performance.now() - sent);
    });
  }

  const latencies: number[] = [];
  let trades = 0;
  let failures = 0;
  const failedAnswers: Record<string, number> = {};
  let stop = false;
  const bodies = input.bodies ?? [input.body];
  const path = input.path ?? '/api/orders';
  const client = async (buyer: TradingClientsInput['buyers'][number], index: number): Promise<void> => {
    const baseUrl = input.baseUrls?.[index % input.baseUrls.length] ?? input.baseUrl;
    const body = bodies[index % bodies.length]!;
    const fingerprint = requestFingerprint('POST', '/api/orders', JSON.parse(body));
    while (!stop) {
      // The order id derives from the buyer's idempotency key, so a newTrade that arrives before the answer is matched.
      const key = randomUUID();
      const orderId = deriveId(commandIdForKey(buyer.userId, key, fingerprint), 'order');
      const started = performance.now();
      if (socket) sentAt.set(orderId, started);
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: buyer.cookie, [CSRF_HEADER]: buyer.csrf, 'idempotency-key': key },
        body,
      });
      const answer = (await response.json()) as { filled?: number };
      const elapsed = performance.now() - started;
      if (response.status !== 201 || answer.filled !== 1) {
        failures += 1;
        const what = response.status === 201 ? `201 filled ${answer.filled}` : String(response.status);
        failedAnswers[what] = (failedAnswers[what] ?? 0) + 1;
        continue;
      }
      if (measuring) {
        latencies.push(elapsed);
        trades += 1;
      }
    }
  };
  const running = input.buyers.map((buyer, index) => client(buyer, index));
  await new Promise((resolve) => setTimeout(resolve, input.warmupSeconds * 1000));
  parentPort?.postMessage({ type: 'measuring' } satisfies TradingClientsMessage);
  const cpuBefore = process.threadCpuUsage();
  measuring = true;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, input.seconds * 1000));
  measuring = false;
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.threadCpuUsage(cpuBefore);
  stop = true;
  await Promise.all(running);
  // Give the last pushes time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  socket?.close();
  return { seconds, trades, failures, failedAnswers, latencies, pushLatencies, clientCores: (cpu.user + cpu.system) / 1e6 / seconds };
}

if (parentPort) {
  run(workerData as TradingClientsInput).then(
    (result) => parentPort!.postMessage({ type: 'done', result } satisfies TradingClientsMessage),
    (error: unknown) => {
      throw error;
    },
  );
}
