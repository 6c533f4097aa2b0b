import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject, sortKeys } from '../protocol/json.js';
import { handlers } from '../rpc/handlers.js';
import { RpcError, rpcError } from '../rpc/rpc-error.js';
import type { SandboxNode } from './sandbox-node.js';
import { Subscriptions } from './subscriptions.js';

const SUPPORTED_API_VERSIONS = new Set([1, 2, 3]);

function send(socket: WebSocket, message: JsonObject): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(sortKeys(message)));
}

/** Answers one request the way rippled's WebSocket handler shapes results and errors. */
export function handleRequest(node: SandboxNode, request: JsonObject, subscriptions?: Subscriptions): JsonObject {
  const envelope: JsonObject = { type: 'response' };
  if (request.id !== undefined) envelope.id = request.id;
  if (request.api_version !== undefined) envelope.api_version = request.api_version;
  try {
    const apiVersion = request.api_version ?? 1;
    if (typeof apiVersion !== 'number' || !SUPPORTED_API_VERSIONS.has(apiVersion)) {
      throw new RpcError({ error: 'invalid_API_version', error_code: 6, error_message: 'Invalid API version.' });
    }
    const command = request.command ?? request.method;
    if (command === undefined) throw rpcError('missingCommand');
    const handler = typeof command === 'string' ? handlers[command] : undefined;
    if (handler === undefined) throw rpcError('unknownCmd');
    const params: JsonObject = { ...request };
    const result = handler({ node, params, apiVersion, subscriptions });
    return { ...envelope, result, status: 'success' };
  } catch (error) {
    const body = error instanceof RpcError ? error.body : rpcError('internal').body;
    if (!(error instanceof RpcError)) console.error('xrpl-sandbox: internal error', error);
    return { ...body, ...envelope, request, status: 'error' };
  }
}

export interface WsServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startWsServer(node: SandboxNode, host: string, port: number): Promise<WsServer> {
  const server = new WebSocketServer({ host, port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const connections = new Map<WebSocket, Subscriptions>();
  const stopListening = node.onLedgerClosed((ledger, txs) => {
    for (const subscriptions of connections.values()) subscriptions.ledgerClosed(node, ledger, txs);
  });

  server.on('connection', (socket) => {
    const subscriptions = new Subscriptions((message) => send(socket, message));
    connections.set(socket, subscriptions);
    socket.on('close', () => connections.delete(socket));
    socket.on('message', (data) => {
      let request: unknown;
      try {
        request = JSON.parse(String(data));
      } catch {
        send(socket, { error: 'jsonInvalid', status: 'error', type: 'error', value: String(data) });
        return;
      }
      if (!isJsonObject(request)) {
        send(socket, { error: 'jsonInvalid', status: 'error', type: 'error', value: String(data) });
        return;
      }
      send(socket, handleRequest(node, request, subscriptions));
    });
  });

  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('WebSocket server has no TCP address');
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopListening();
        for (const socket of connections.keys()) socket.terminate();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
