import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CSRF_HEADER, SESSION_COOKIE } from '@carbon-ledger/contracts';
import { ACCESS_RULE, type AccessRule, readCookie } from '../infrastructure/http/access-rules.js';
import type { ApiRequest } from '../infrastructure/http/request-context.js';
import { DomainError } from '../shared/domain-error.js';
import { SessionStore } from './session-store.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Authenticates the session cookie, checks CSRF on changes, and enforces each endpoint's access rule. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) throw new DomainError('Forbidden', 'This endpoint declares no access rule');
    const request = context.switchToHttp().getRequest<ApiRequest>();
    const token = readCookie(request, SESSION_COOKIE);
    const session = token ? await this.sessions.find(token) : undefined;
    if (session) {
      request.user = session.user;
      request.sessionId = session.sessionId;
    }
    if (rule.kind === 'public') return true;

    if (!session) throw new DomainError('Unauthorized', 'Sign in to continue');
    if (!SAFE_METHODS.has(request.method) && request.header(CSRF_HEADER) !== session.csrfToken) {
      throw new DomainError('Forbidden', 'Missing or invalid CSRF token; reload the page and try again');
    }
    if (rule.kind === 'roles' && !rule.roles.some((role) => session.user.roles.includes(role))) {
      throw new DomainError('Forbidden', `This needs one of the roles: ${rule.roles.join(', ')}`);
    }
    return true;
  }
}
