import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  createUserRequest,
  type CreateUserRequest,
  grantRoleRequest,
  type ListUsersResponse,
  type Position,
  type Role,
  roleParams,
  userIdParams,
  type UserView,
} from '@carbon-ledger/contracts';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ChangeRoleCommand } from './commands/change-role.handler.js';
import { RegisterUserCommand } from './commands/register-user.handler.js';
import { GetUserQuery, ListUsersQuery } from './queries/list-users.handler.js';

@Controller('api/users')
@Roles('admin')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async list(): Promise<ListUsersResponse> {
    return { users: await this.queries.execute(new ListUsersQuery()) };
  }

  @Post()
  @HttpCode(201)
  async create(@Body(new ZodPipe(createUserRequest)) user: CreateUserRequest, @CurrentRequest() request: ApiRequest): Promise<Written<{ user: UserView }>> {
    const result = await this.commands.execute(new RegisterUserCommand(user, commandContextFrom(request)));
    return this.readAfter(result.userId, result.position);
  }

  @Post(':id/roles')
  @HttpCode(200)
  async grant(
    @Param(new ZodPipe(userIdParams, 'user id')) params: { id: string },
    @Body(new ZodPipe(grantRoleRequest)) body: { role: Role },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<{ user: UserView }>> {
    const result = await this.commands.execute(new ChangeRoleCommand('grant', params.id, body.role, commandContextFrom(request)));
    return this.readAfter(params.id, result.position);
  }

  @Delete(':id/roles/:role')
  @HttpCode(200)
  async revoke(
    @Param(new ZodPipe(roleParams, 'role')) params: { id: string; role: Role },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<{ user: UserView }>> {
    const result = await this.commands.execute(new ChangeRoleCommand('revoke', params.id, params.role, commandContextFrom(request)));
    return this.readAfter(params.id, result.position);
  }

  /** The user as the users view shows it once it applied the change (the route waits for it). */
  private readAfter(userId: string, position: Position): Written<{ user: UserView }> {
    return Written.read(position, async () => {
      const user = await this.queries.execute(new GetUserQuery(userId));
      if (!user) throw new DomainError('ServiceUnavailable', 'The change was recorded; the user list is catching up');
      return { user };
    });
  }
}
