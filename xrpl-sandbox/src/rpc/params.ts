import { isValidAddress } from '../protocol/accounts.js';
import type { Json, JsonObject } from '../protocol/json.js';
import { rpcError } from './rpc-error.js';

export function requireAccount(params: JsonObject, field = 'account'): string {
  const value = params[field] ?? (field === 'account' ? params.ident : undefined);
  if (value === undefined) throw rpcError('invalidParams', `Missing field '${field}'.`);
  if (!isValidAddress(value)) throw rpcError('actMalformed');
  return value;
}

export function limitParam(value: Json | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw rpcError('invalidParams', "Invalid field 'limit', not unsigned integer.");
  }
  return Math.min(Math.max(value, min), max);
}
