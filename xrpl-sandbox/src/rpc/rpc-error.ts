import type { JsonObject } from '../protocol/json.js';

/** RPC errors with rippled's tokens, codes and default messages (ErrorCodes.h/.cpp). */
const errors = {
  actMalformed: [35, 'Account malformed.'],
  actNotFound: [19, 'Account not found.'],
  badSyntax: [1, 'Syntax error.'],
  entryNotFound: [98, 'Entry not found.'],
  internal: [73, 'Internal error.'],
  invalidHotWallet: [27, 'Invalid hotwallet.'],
  invalidLgrRange: [79, 'Ledger range is invalid.'],
  invalidParams: [31, 'Invalid parameters.'],
  issueMalformed: [93, 'Issue is malformed.'],
  lgrIdxMalformed: [58, 'Ledger index malformed.'],
  lgrNotFound: [21, 'Ledger not found.'],
  malformedStream: [71, 'Stream malformed.'],
  missingCommand: [47, 'Missing command entry.'],
  notImpl: [74, 'Not implemented.'],
  notSupported: [75, 'Operation not supported.'],
  srcActMalformed: [65, 'Source account is malformed.'],
  txnNotFound: [29, 'Transaction not found.'],
  unknownCmd: [32, 'Unknown method.'],
} as const satisfies Record<string, readonly [number, string]>;

export type RpcErrorToken = keyof typeof errors;

export class RpcError extends Error {
  constructor(readonly body: JsonObject) {
    super(typeof body.error_message === 'string' ? body.error_message : String(body.error));
  }
}

/** An error in rippled's inject_error shape, optionally with a specific message and extra fields. */
export function rpcError(token: RpcErrorToken, message?: string, extra: JsonObject = {}): RpcError {
  const [code, defaultMessage] = errors[token];
  return new RpcError({ ...extra, error: token, error_code: code, error_message: message ?? defaultMessage });
}

/** Errors rippled reports without a code, e.g. submit's invalidTransaction. */
export function rpcException(token: string, exception: string): RpcError {
  return new RpcError({ error: token, error_exception: exception });
}
