import type { JsonObject } from '../protocol/json.js';
import type { SandboxNode } from '../server/sandbox-node.js';
import type { Subscriptions } from '../server/subscriptions.js';

export interface RpcContext {
  readonly node: SandboxNode;
  readonly params: JsonObject;
  /** 1 unless the request says otherwise, like rippled's apiVersionIfUnspecified. */
  readonly apiVersion: number;
  readonly subscriptions?: Subscriptions | undefined;
}

export type RpcHandler = (ctx: RpcContext) => JsonObject;
