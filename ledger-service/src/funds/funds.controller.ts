import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AssignHeldDepositParams,
  assignHeldDepositParams,
  type AssignHeldDepositRequest,
  assignHeldDepositRequest,
  canOversee,
  claimTestUsdRequest,
  type ClaimTestUsdRequest,
  type FundsParams,
  fundsParams,
  type FundsStatementParams,
  fundsStatementParams,
  type FundsStatementResponse,
  type FundsView,
  type HeldDepositsParams,
  heldDepositsParams,
  type HeldDepositsResponse,
  type HeldDepositView,
  oversightRoles,
  priceToCents,
  type RefundHeldDepositParams,
  refundHeldDepositParams,
  withdrawFundsRequest,
  type WithdrawFundsRequest,
  type WithdrawFundsResponse,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { AssignHeldDepositCommand } from './commands/assign-held-deposit.handler.js';
import { RefundHeldDepositCommand } from './commands/refund-held-deposit.handler.js';
import { ClaimTestUsdCommand } from './commands/claim-test-usd.handler.js';
import { WithdrawFundsCommand } from './commands/withdraw-funds.handler.js';
import { GetFundsQuery } from './queries/get-funds.handler.js';
import { GetStatementQuery } from './queries/get-statement.handler.js';
import { ListHeldDepositsQuery } from './queries/list-held-deposits.handler.js';

@Controller('api/funds')
export class FundsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Roles('trader', 'issuer', 'compliance', 'auditor', 'admin')
  get(@QueryParams(new ZodPipe(fundsParams, 'funds query')) params: FundsParams, @CurrentRequest() request: ApiRequest): Promise<FundsView> {
    return this.queries.execute(new GetFundsQuery(this.accountOf(params, request), new Date()));
  }

  @Get('statement')
  @Roles('trader', 'issuer', 'compliance', 'auditor', 'admin')
  statement(
    @QueryParams(new ZodPipe(fundsStatementParams, 'statement query')) params: FundsStatementParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<FundsStatementResponse> {
    return this.queries.execute(new GetStatementQuery(this.accountOf(params, request), params));
  }

  /** Sandbox only (404 elsewhere): test USD paid to the deposit address with the caller's tag, credited as a deposit. */
  @Post('faucet')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(200)
  async faucet(@Body(new ZodPipe(claimTestUsdRequest)) body: ClaimTestUsdRequest, @CurrentRequest() request: ApiRequest): Promise<Written<FundsView>> {
    const context = commandContextFrom(request);
    const { position } = await this.commands.execute(new ClaimTestUsdCommand(priceToCents(body.amount), context));
    // The balance as the cash ledger shows it once it applied the deposit.
    return Written.read(position, () => this.queries.execute(new GetFundsQuery(context.actor.userId, context.now)));
  }

  /** Pays out to one of the caller's KYC-verified addresses; answers once the ledger posted or refused the payment. */
  @Post('withdraw')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(200)
  async withdraw(
    @Body(new ZodPipe(withdrawFundsRequest)) body: WithdrawFundsRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<WithdrawFundsResponse>> {
    const { answer, position } = await this.commands.execute(new WithdrawFundsCommand(body, commandContextFrom(request)));
    return Written.body(position, answer);
  }

  /** Payments to the deposit address that named no user, for compliance review. */
  @Get('held-deposits')
  @Roles('compliance', 'auditor', 'admin')
  heldDeposits(@QueryParams(new ZodPipe(heldDepositsParams, 'held deposits query')) params: HeldDepositsParams): Promise<HeldDepositsResponse> {
    return this.queries.execute(new ListHeldDepositsQuery(params));
  }

  /** Credits a held deposit to a user, once per transaction hash. */
  @Post('held-deposits/:txHash/assign')
  @Roles('compliance', 'admin')
  @HttpCode(200)
  async assignHeldDeposit(
    @Param(new ZodPipe(assignHeldDepositParams, 'held deposit')) params: AssignHeldDepositParams,
    @Body(new ZodPipe(assignHeldDepositRequest)) body: AssignHeldDepositRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<HeldDepositView>> {
    const { deposit, position } = await this.commands.execute(new AssignHeldDepositCommand(params.txHash, body.userId, commandContextFrom(request)));
    return Written.body(position, deposit);
  }

  /** Sends a held deposit back to its sender, at most once; answers once the ledger validated or refused the payment. */
  @Post('held-deposits/:txHash/refund')
  @Roles('compliance', 'admin')
  @HttpCode(200)
  async refundHeldDeposit(
    @Param(new ZodPipe(refundHeldDepositParams, 'held deposit')) params: RefundHeldDepositParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<HeldDepositView>> {
    const { deposit, position } = await this.commands.execute(new RefundHeldDepositCommand(params.txHash, commandContextFrom(request)));
    return Written.body(position, deposit);
  }

  /** The caller's own account; oversight roles may name another with ?userId=. */
  private accountOf(params: FundsParams, request: ApiRequest): string {
    const viewer = request.user;
    if (!viewer) throw new DomainError('Unauthorized', 'Sign in to continue');
    if (params.userId === undefined || params.userId === viewer.id) return viewer.id;
    if (!canOversee(viewer.roles)) throw new DomainError('Forbidden', `Another user's account needs one of the roles: ${oversightRoles.join(', ')}`);
    return params.userId;
  }
}
