import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CSRF_COOKIE,
  type ListSessionsResponse,
  loginRequest,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  SESSION_COOKIE,
  sessionIdParams,
} from '@carbon-ledger/contracts';
import type { CookieOptions, Response } from 'express';
import type { Kysely } from 'kysely';
import { type ApiRequest, CurrentRequest } from '../infrastructure/http/request-context.js';
import { isSameOrigin } from '../infrastructure/http/same-origin.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { RetryLater } from '../shared/retry-later.js';
import { Public, readCookie, SignedIn } from '../infrastructure/http/access-rules.js';
import type { AuthDatabase } from './auth-database.js';
import { AUTH_DB } from './auth.tokens.js';
import { LoginThrottle } from './login-throttle.js';
import { decoyHash, verifyPassword } from './password-hashing.js';
import { GetUserQuery } from './queries/list-users.handler.js';
import { SessionStore } from './session-store.js';

const INVALID = 'Invalid email or password';

function cookieOptions(request: ApiRequest, expires: Date | undefined, httpOnly: boolean): CookieOptions {
  // request.secure: TLS to this process, or X-Forwarded-Proto from a proxy TRUST_PROXY names.
  return { httpOnly, sameSite: 'lax', secure: request.secure, path: '/', ...(expires ? { expires } : {}) };
}

/** Login needs no CSRF token (there is no session yet), so it refuses cross-site origins instead. */
function assertSameOrigin(request: ApiRequest): void {
  if (!isSameOrigin(request.header('origin'), request.header('host'))) throw new DomainError('Forbidden', 'Cross-site sign-in refused');
}

function signedIn(request: ApiRequest): { userId: string; sessionId: string } {
  if (!request.user || !request.sessionId) throw new DomainError('Unauthorized', 'Sign in to continue');
  return { userId: request.user.id, sessionId: request.sessionId };
}

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly queries: QueryBus,
    @Inject(AUTH_DB) private readonly auth: Kysely<AuthDatabase>,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(loginRequest)) credentials: LoginRequest,
    @CurrentRequest() request: ApiRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    assertSameOrigin(request);
    const email = credentials.email.toLowerCase();
    const address = request.ip ?? 'unknown';
    const waitMs = await this.throttle.waitMs(email, address);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new RetryLater(`Too many failed sign-in attempts from this address. Try again in ${seconds} second(s).`, seconds);
    }
    const credential = await this.auth.selectFrom('auth_credentials').select(['user_id', 'password_hash']).where('email', '=', email).executeTakeFirst();
    const valid = await verifyPassword(credentials.password, credential?.password_hash ?? (await decoyHash()));
    const user = valid && credential ? await this.queries.execute(new GetUserQuery(credential.user_id)) : undefined;
    if (!user) {
      await this.throttle.recordFailure(email, address);
      throw new DomainError('Unauthorized', INVALID);
    }
    await this.throttle.recordSuccess(email, address);
    const session = await this.sessions.create(user.id, { userAgent: request.header('user-agent'), address });
    response.cookie(SESSION_COOKIE, session.token, cookieOptions(request, session.expiresAt, true));
    response.cookie(CSRF_COOKIE, session.csrfToken, cookieOptions(request, session.expiresAt, false));
    return { user };
  }

  @Post('logout')
  @SignedIn()
  @HttpCode(204)
  async logout(@CurrentRequest() request: ApiRequest, @Res({ passthrough: true }) response: Response): Promise<void> {
    const token = readCookie(request, SESSION_COOKIE);
    if (token) await this.sessions.delete(token);
    response.clearCookie(SESSION_COOKIE, cookieOptions(request, undefined, true));
    response.clearCookie(CSRF_COOKIE, cookieOptions(request, undefined, false));
  }

  @Get('me')
  @SignedIn()
  me(@CurrentRequest() request: ApiRequest): MeResponse {
    const user = request.user;
    if (!user) throw new DomainError('Unauthorized', 'Sign in to continue');
    return { user: { ...user, roles: [...user.roles] } };
  }

  /** The signed-in user's own sessions (never anyone else's), the current one marked. */
  @Get('sessions')
  @SignedIn()
  async listSessions(@CurrentRequest() request: ApiRequest): Promise<ListSessionsResponse> {
    const { userId, sessionId } = signedIn(request);
    const sessions = await this.sessions.list(userId);
    return {
      sessions: sessions.map((session) => ({
        id: session.sessionId,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        userAgent: session.userAgent,
        address: session.address,
        current: session.sessionId === sessionId,
      })),
    };
  }

  @Delete('sessions/:id')
  @SignedIn()
  @HttpCode(204)
  async revokeSession(
    @Param(new ZodPipe(sessionIdParams, 'session id')) params: { id: string },
    @CurrentRequest() request: ApiRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const { userId, sessionId } = signedIn(request);
    // Another user's session id answers as an unknown one.
    if (!(await this.sessions.revoke(userId, params.id))) throw new DomainError('NotFound', 'No such session');
    if (params.id === sessionId) {
      response.clearCookie(SESSION_COOKIE, cookieOptions(request, undefined, true));
      response.clearCookie(CSRF_COOKIE, cookieOptions(request, undefined, false));
    }
  }
}
