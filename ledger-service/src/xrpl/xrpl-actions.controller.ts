import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type EventStore,
  formatPosition,
  INVALID_XRPL_ADDRESS_MESSAGE,
  kycAddress,
  type XrplIssueForm,
  xrplIssuePrepareRequest,
  type XrplIssueResponse,
  type XrplPrepareResponse,
  type XrplRetireForm,
  xrplRetirePrepareRequest,
  type XrplRetireResponse,
  xrplSubmitRequest,
  type XrplSubmitRequest,
  type XrplTradeForm,
  xrplTradePrepareRequest,
  type XrplTradeResponse,
  type XrplRedeemForm,
  xrplRedeemPrepareRequest,
  type XrplRedeemResponse,
  type XrplTokenizeForm,
  xrplTokenizePrepareRequest,
  type XrplTokenizePrepareResponse,
  type XrplTokenizeResponse,
  xrplTokenizeSubmitRequest,
} from '@carbon-ledger/contracts';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { isValidClassicAddress } from 'xrpl';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { PrepareXrplIssueCommand } from './commands/prepare-xrpl-issue.handler.js';
import { PrepareXrplRetireCommand } from './commands/prepare-xrpl-retire.handler.js';
import { PrepareXrplTradeCommand } from './commands/prepare-xrpl-trade.handler.js';
import { SubmitXrplIssueCommand } from './commands/submit-xrpl-issue.handler.js';
import { SubmitXrplRetireCommand } from './commands/submit-xrpl-retire.handler.js';
import { SubmitXrplTradeCommand } from './commands/submit-xrpl-trade.handler.js';
import { PrepareXrplRedeemCommand } from './commands/prepare-xrpl-redeem.handler.js';
import { PrepareXrplTokenizeCommand } from './commands/prepare-xrpl-tokenize.handler.js';
import { SubmitXrplRedeemCommand } from './commands/submit-xrpl-redeem.handler.js';
import { SubmitXrplTokenizeCommand } from './commands/submit-xrpl-tokenize.handler.js';
import { recordedXrplActionPosition } from './signing/xrpl-action-log.js';

/** The contracts check an address's shape; here its checksum too (xrpl.js). */
const checkedAddress = kycAddress.refine((address) => isValidClassicAddress(address), INVALID_XRPL_ADDRESS_MESSAGE);
const issueRequest = xrplIssuePrepareRequest.extend({ xrplAddress: checkedAddress, destinationAddress: checkedAddress });
const tradeRequest = xrplTradePrepareRequest.extend({ xrplAddress: checkedAddress, sellerAddress: checkedAddress, issuer: checkedAddress });
const retireRequest = xrplRetirePrepareRequest.extend({ xrplAddress: checkedAddress, issuer: checkedAddress });
const tokenizeRequest = xrplTokenizePrepareRequest.extend({ xrplAddress: checkedAddress });
const redeemRequest = xrplRedeemPrepareRequest.extend({ xrplAddress: checkedAddress });

/**
 * The /xrpl screen's actions, in two steps each: prepare (KYC checks, autofilled
 * unsigned transactions and a sealed preparation) and submit (the blobs the
 * browser signed). Seeds are refused: every body is a strict object.
 */
@Controller('api/xrpl')
export class XrplActionsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Post('issue/prepare')
  @Roles('issuer', 'admin')
  @HttpCode(200)
  prepareIssue(@Body(new ZodPipe(issueRequest)) body: XrplIssueForm, @CurrentRequest() request: ApiRequest): Promise<XrplPrepareResponse> {
    return this.commands.execute(new PrepareXrplIssueCommand(body, commandContextFrom(request)));
  }

  @Post('issue')
  @Roles('issuer', 'admin')
  @HttpCode(201)
  async issue(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<Written<XrplIssueResponse>> {
    return this.recorded(await this.commands.execute(new SubmitXrplIssueCommand(body, commandContextFrom(request))));
  }

  @Post('trade/prepare')
  @Roles('trader', 'admin')
  @HttpCode(200)
  prepareTrade(@Body(new ZodPipe(tradeRequest)) body: XrplTradeForm, @CurrentRequest() request: ApiRequest): Promise<XrplPrepareResponse> {
    return this.commands.execute(new PrepareXrplTradeCommand(body, commandContextFrom(request)));
  }

  @Post('trade')
  @Roles('trader', 'admin')
  @HttpCode(201)
  async trade(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<Written<XrplTradeResponse>> {
    return this.recorded(await this.commands.execute(new SubmitXrplTradeCommand(body, commandContextFrom(request))));
  }

  @Post('retire/prepare')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(200)
  prepareRetire(@Body(new ZodPipe(retireRequest)) body: XrplRetireForm, @CurrentRequest() request: ApiRequest): Promise<XrplPrepareResponse> {
    return this.commands.execute(new PrepareXrplRetireCommand(body, commandContextFrom(request)));
  }

  @Post('retire')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async retire(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<Written<XrplRetireResponse>> {
    return this.recorded(await this.commands.execute(new SubmitXrplRetireCommand(body, commandContextFrom(request))));
  }

  @Post('tokenize/prepare')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(200)
  prepareTokenize(@Body(new ZodPipe(tokenizeRequest)) body: XrplTokenizeForm, @CurrentRequest() request: ApiRequest): Promise<XrplTokenizePrepareResponse> {
    return this.commands.execute(new PrepareXrplTokenizeCommand(body, commandContextFrom(request)));
  }

  @Post('tokenize')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async tokenize(
    @Body(new ZodPipe(xrplTokenizeSubmitRequest)) body: { preparation: string; signedTransactions: string[] },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<XrplTokenizeResponse>> {
    const { position, ...tokenized } = await this.commands.execute(new SubmitXrplTokenizeCommand(body, commandContextFrom(request)));
    return Written.body(position, { ...tokenized, position: formatPosition(position) });
  }

  @Post('redeem/prepare')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(200)
  prepareRedeem(@Body(new ZodPipe(redeemRequest)) body: XrplRedeemForm, @CurrentRequest() request: ApiRequest): Promise<XrplPrepareResponse> {
    return this.commands.execute(new PrepareXrplRedeemCommand(body, commandContextFrom(request)));
  }

  @Post('redeem')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async redeem(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<Written<XrplRedeemResponse>> {
    return this.recorded(await this.commands.execute(new SubmitXrplRedeemCommand(body, commandContextFrom(request))));
  }

  /** A submitted action answers once the views its recorded event feeds show it (the route names them). */
  private async recorded<T extends { readonly txHash: string }>(answer: T): Promise<Written<T>> {
    const position = await recordedXrplActionPosition(this.eventStore, answer.txHash);
    // Every submit records its action before it answers; one not found is a bug, not a lag.
    if (!position) throw new Error(`no XRPL action is recorded for ${answer.txHash}`);
    return Written.body(position, answer);
  }
}
