import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ACCESS_RULE, type AccessRule } from '../infrastructure/http/access-rules.js';
import { CHANGES_NOTHING } from '../infrastructure/idempotency/changes-nothing.js';

export interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly rule: AccessRule | undefined;
  /** Marked as only building a document: its Idempotency-Key is ignored. */
  readonly changesNothing: boolean;
}

/** Every HTTP handler the app registered, with the access rule it declares (walks Nest's modules and controllers). */
export function registeredEndpoints(app: NestExpressApplication): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classRule = Reflect.getMetadata(ACCESS_RULE, controller) as AccessRule | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const path = `/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
        endpoints.push({
          method: RequestMethod[method],
          path,
          rule: (Reflect.getMetadata(ACCESS_RULE, handler) as AccessRule | undefined) ?? classRule,
          changesNothing: Reflect.getMetadata(CHANGES_NOTHING, handler) === true,
        });
      }
    }
  }
  return endpoints;
}
