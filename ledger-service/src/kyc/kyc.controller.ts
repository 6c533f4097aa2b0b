import { Body, Controller, Get, HttpCode, Inject, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  addressChallengeRequest,
  type AddressChallengeRequest,
  type AddressChallengeResponse,
  formatPosition,
  INVALID_XRPL_ADDRESS_MESSAGE,
  kycAddress,
  kycLookupAddress,
  kycStatusQuery,
  type KycStatusQuery,
  type KycStatusResponse,
  platformWalletRoles,
  type Position,
  type Role,
  startVerificationRequest,
  type StartVerificationRequest,
  type StartVerificationResponse,
  verifyKycRequest,
  type VerifyKycRequest,
  type VerifyKycResponse,
  roles,
} from '@carbon-ledger/contracts';
import { isValidClassicAddress } from 'xrpl';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { DomainError } from '../shared/domain-error.js';
import { AddressChallenges } from './address-control/address-challenges.js';
import { PLATFORM_ADDRESS_REFUSED, StartKycCommand } from './commands/start-kyc.handler.js';
import { VerifyKycCommand } from './commands/verify-kyc.handler.js';
import { GetKycStatusQuery, type KycViewer } from './queries/get-kyc-status.handler.js';

const EVERY_ROLE: Role[] = [...roles];
const SEE_EVERY_ADDRESS: readonly Role[] = ['compliance', 'auditor', 'admin'];

/** The contracts check the address's shape; here its checksum too (xrpl.js). */
const checkedAddress = kycAddress.refine((address) => isValidClassicAddress(address), INVALID_XRPL_ADDRESS_MESSAGE);
const startRequest = startVerificationRequest.extend({ xrplAddress: checkedAddress });
const challengeRequest = addressChallengeRequest.extend({ xrplAddress: checkedAddress });
const verifyRequest = verifyKycRequest.extend({ xrplAddress: checkedAddress });
const statusQuery = kycStatusQuery.extend({
  address: kycLookupAddress.refine((address) => isValidClassicAddress(address), INVALID_XRPL_ADDRESS_MESSAGE),
});

function viewerOf(request: ApiRequest): KycViewer {
  const user = request.user;
  if (!user) throw new DomainError('Unauthorized', 'Sign in to continue');
  return { userId: user.id, seesEveryAddress: user.roles.some((role) => SEE_EVERY_ADDRESS.includes(role)) };
}

const isAdmin = (request: ApiRequest): boolean => request.user?.roles.includes('admin') ?? false;

@Controller('api/kyc')
export class KycController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly challenges: AddressChallenges,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
  ) {}

  /** A challenge for the address's key to sign in the browser; start-verification needs it signed. */
  @Post('address-challenge')
  @Roles(...EVERY_ROLE)
  @HttpCode(201)
  challenge(@Body(new ZodPipe(challengeRequest)) body: AddressChallengeRequest, @CurrentRequest() request: ApiRequest): Promise<AddressChallengeResponse> {
    if (platformWalletRoles.some((role) => this.gateway.wallets[role].address === body.xrplAddress)) {
      throw new DomainError('Forbidden', PLATFORM_ADDRESS_REFUSED);
    }
    return this.challenges.issue(viewerOf(request).userId, body.xrplAddress);
  }

  @Get('status')
  @Roles(...EVERY_ROLE)
  status(@QueryParams(new ZodPipe(statusQuery, 'query')) query: KycStatusQuery, @CurrentRequest() request: ApiRequest): Promise<KycStatusResponse> {
    return this.queries.execute(new GetKycStatusQuery(query.address, viewerOf(request)));
  }

  /** Any signed-in user may verify an address whose key they hold (a signed challenge); the latest to prove it owns its KYC record. */
  @Post('start-verification')
  @Roles(...EVERY_ROLE)
  @HttpCode(201)
  async start(
    @Body(new ZodPipe(startRequest)) body: StartVerificationRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<StartVerificationResponse>> {
    const result = await this.commands.execute(new StartKycCommand(body, isAdmin(request), commandContextFrom(request)));
    const { inquiryId, templateId, environment } = result.inquiry;
    return Written.body(result.position, { success: true, inquiryId, templateId, environment, position: formatPosition(result.position) });
  }

  @Post('verify')
  @Roles(...EVERY_ROLE)
  @HttpCode(200)
  async verify(@Body(new ZodPipe(verifyRequest)) body: VerifyKycRequest, @CurrentRequest() request: ApiRequest): Promise<Written<VerifyKycResponse>> {
    const result = await this.commands.execute(new VerifyKycCommand(body, isAdmin(request), commandContextFrom(request)));
    return Written.read(result.position, () => this.outcomeOf(body.xrplAddress, result.position));
  }

  /** The outcome as kyc_status shows it once it applied the command's events (the route waits for it). */
  private async outcomeOf(address: string, position: Position): Promise<VerifyKycResponse> {
    const status = await this.queries.execute(new GetKycStatusQuery(address, { userId: '', seesEveryAddress: true }));
    const outcome = { kycStatus: status.kycStatus, amlStatus: status.amlStatus, riskScore: status.riskScore, position: formatPosition(position) };
    if (status.kycStatus === 'verified') return { success: true, ...outcome };
    // Never say why: naming a sanctions match would tip the person off.
    const error = status.kycStatus === 'rejected' ? 'KYC verification failed' : 'Your verification needs a manual review by compliance';
    return { success: false, ...outcome, error };
  }
}
