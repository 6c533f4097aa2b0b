import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { LIVE_SESSIONS } from '../shared/live-sessions.port.js';
import { AccessGuard } from './access-guard.js';
import { AuthController } from './auth.controller.js';
import { AUTH_DB } from './auth.tokens.js';
import { ChangeRoleHandler } from './commands/change-role.handler.js';
import { RegisterUserHandler } from './commands/register-user.handler.js';
import { GetUserHandler, ListUsersHandler } from './queries/list-users.handler.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionStore } from './session-store.js';
import { UsersController } from './users.controller.js';

/** Global so that the socket gateway (realtime) follows sessions through LIVE_SESSIONS without importing auth. */
@Global()
@Module({
  controllers: [AuthController, UsersController],
  providers: [
    // Same database as the read models; its own table types.
    { provide: AUTH_DB, useExisting: READ_MODELS },
    SessionStore,
    { provide: LIVE_SESSIONS, useExisting: SessionStore },
    LoginThrottle,
    RegisterUserHandler,
    ChangeRoleHandler,
    ListUsersHandler,
    GetUserHandler,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AUTH_DB, SessionStore, LIVE_SESSIONS],
})
export class AuthModule {}
