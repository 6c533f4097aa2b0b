import { type CallHandler, type ExecutionContext, Inject, Injectable, Module, type NestInterceptor, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { APP_INTERCEPTOR } from '@nestjs/core';
import {
  allApiRoutes,
  CATCHING_UP_HEADER,
  CATCHING_UP_RETRY_AFTER_SECONDS,
  type EventStore,
  type Position,
  type ProjectionName,
} from '@carbon-ledger/contracts';
import type { Response as ExpressResponse } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { ProjectionHost } from '../projections/projection-host.js';
import { EVENT_STORE } from '../tokens.js';
import type { ApiRequest } from './request-context.js';

/**
 * What a state-changing handler answers: the log position of its write and its body, or how to
 * read the body from the views once they show the write (a handler never waits itself).
 */
export class Written<T> {
  private constructor(
    readonly position: Position,
    private readonly answer: { readonly body: T } | { readonly read: () => Promise<T> },
  ) {}

  /** A body built from the command's result. */
  static body<T>(position: Position, body: T): Written<T> {
    return new Written(position, { body });
  }

  /** A body read from the declared views after the wait (on a 202, from the views as they stand). */
  static read<T>(position: Position, read: () => Promise<T>): Written<T> {
    return new Written(position, { read });
  }

  async bodyNow(): Promise<T> {
    return 'body' in this.answer ? this.answer.body : this.answer.read();
  }
}

/** `METHOD /path` of every route in the contracts' table that declares views, with them. */
const declaredViews: ReadonlyMap<string, readonly ProjectionName[]> = new Map(
  Object.values(allApiRoutes)
    .flat()
    .flatMap((route) => (route.views ? [[`${route.method} ${route.path}`, route.views] as const] : [])),
);

/** The route a handler serves, as the contracts' table writes it. */
function routeKey(context: ExecutionContext): string {
  const handler = context.getHandler();
  const base = String(Reflect.getMetadata(PATH_METADATA, context.getClass()) ?? '');
  const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
  const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
  return `${method} ${`/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/')}`;
}

/**
 * Read your writes, in one place. A state-changing route declares in the route table the views
 * its caller reads next; its handler answers a `Written` (its body and the log position of its
 * write). This waits for exactly those views to pass that position, up to PROJECTION_WAIT_MS:
 * - caught up: the handler's success, as the route documents it;
 * - not caught up: the same body with 202 Accepted, Retry-After and the views still behind in
 *   X-Catching-Up. The change IS recorded, so this is no error to retry blindly; the idempotency
 *   interceptor keeps no answer for it, and the same request with the same Idempotency-Key runs
 *   again, replays what its command recorded (its command id is derived from the key) and answers
 *   the success once the views show it.
 * A GET that declares views (one that compares a view with something outside the log) runs once
 * they reached the log's head as the request arrived; when they do not within the wait it answers
 * as they stand, naming them in X-Catching-Up. Registered after the idempotency interceptor, so it
 * runs inside it.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  /** Per handler: its route and the views that route declares (none: a route outside the table, or a GET without). */
  private readonly routes = new WeakMap<object, { readonly key: string; readonly views: readonly ProjectionName[] | undefined }>();

  constructor(
    private readonly projections: ProjectionHost,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const { key, views } = this.routeOf(context);
    if (key.startsWith('GET ')) return views && views.length > 0 ? from(this.readAtHead(context, views)).pipe(mergeMap(() => next.handle())) : next.handle();
    return next.handle().pipe(mergeMap((value) => from(this.answer(context, key, views, value))));
  }

  private async readAtHead(context: ExecutionContext, views: readonly ProjectionName[]): Promise<void> {
    const behind = await this.behind(views, await this.eventStore.headPosition());
    if (behind.length > 0) context.switchToHttp().getResponse<ExpressResponse>().setHeader(CATCHING_UP_HEADER, behind.join(', '));
  }

  private routeOf(context: ExecutionContext): { readonly key: string; readonly views: readonly ProjectionName[] | undefined } {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const key = routeKey(context);
      route = { key, views: declaredViews.get(key) };
      this.routes.set(handler, route);
    }
    return route;
  }

  private async answer(context: ExecutionContext, key: string, views: readonly ProjectionName[] | undefined, value: unknown): Promise<unknown> {
    if (!(value instanceof Written)) {
      // A route that declares views and answers no position could not be waited for: a bug, not a lag.
      if (views && views.length > 0) throw new Error(`${key} declares the views ${views.join(', ')} but answered no write position`);
      return value;
    }
    if (!views) throw new Error(`${key} answered a write but its route declares no views`);
    const behind = await this.behind(views, value.position);
    const body = await value.bodyNow();
    if (behind.length === 0) return body;
    context.switchToHttp().getRequest<ApiRequest>().catchingUp = behind;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: 202,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': String(CATCHING_UP_RETRY_AFTER_SECONDS),
        [CATCHING_UP_HEADER]: behind.join(', '),
      },
    });
  }

  /** The views that have not applied `position` within the wait (each waited for at once). */
  private async behind(views: readonly ProjectionName[], position: Position): Promise<ProjectionName[]> {
    const reached = await Promise.all(views.map((view) => this.projections.waitFor([view], position, this.config.PROJECTION_WAIT_MS)));
    return views.filter((_view, index) => !reached[index]);
  }
}

/**
 * Imported after the idempotency module: Nest runs global interceptors in the order their
 * modules register them, and the idempotency interceptor must see what this one answers.
 */
@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor }] })
export class ReadYourWritesModule {}
