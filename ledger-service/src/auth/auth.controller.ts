import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CSRF_COOKIE,
  loginRequest,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  SESSION_COOKIE,
} from '@carbon-ledger/contracts';
import type { CookieOptions, Response } from 'express';
import type { Kysely } from 'kysely';
import { Inject } from '@nestjs/common';
import { type ApiRequest, CurrentRequest } from '../infrastructure/http/request-context.js';
import { isSameOrigin } from '../infrastructure/http/same-origin.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { Public, readCookie, SignedIn } from '../infrastructure/http/access-rules.js';
import type { AuthDatabase } from './auth-database.js';
import { AUTH_DB } from './auth.tokens.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { decoyHash, verifyPassword } from './password-hashing.js';
import { GetUserQuery } from './queries/list-users.handler.js';
import { SessionStore } from './session-store.js';

const INVALID = 'Invalid email or password';

function cookieOptions(request: ApiRequest, expires: Date | undefined, httpOnly: boolean): CookieOptions {
  return { httpOnly, sameSite: 'lax', secure: request.secure, path: '/', ...(expires ? { expires } : {}) };
}

/** Login needs no CSRF token (there is no session yet), so it refuses cross-site origins instead. */
function assertSameOrigin(request: ApiRequest): void {
  if (!isSameOrigin(request.header('origin'), request.header('host'))) throw new DomainError('Forbidden', 'Cross-site sign-in refused');
}

@Controller('api/auth')
export class AuthController {
  private readonly limiter = new LoginRateLimiter();

  constructor(
    private readonly sessions: SessionStore,
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
    const wait = this.limiter.retryAfter(email, address);
    if (wait > 0) {
      response.setHeader('Retry-After', String(wait));
      throw new DomainError('TooManyRequests', `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    const credential = await this.auth
      .selectFrom('auth_credentials')
      .select(['user_id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = await verifyPassword(credentials.password, credential?.password_hash ?? (await decoyHash()));
    const user = valid && credential ? await this.queries.execute(new GetUserQuery(credential.user_id)) : undefined;
    if (!user) {
      this.limiter.recordFailure(email, address);
      throw new DomainError('Unauthorized', INVALID);
    }
    this.limiter.recordSuccess(email);
    const session = await this.sessions.create(user.id);
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
}
