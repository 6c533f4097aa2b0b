import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
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
} from '@carbon-ledger/contracts';
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

/** The contracts check an address's shape; here its checksum too (xrpl.js). */
const checkedAddress = kycAddress.refine((address) => isValidClassicAddress(address), INVALID_XRPL_ADDRESS_MESSAGE);
const issueRequest = xrplIssuePrepareRequest.extend({ xrplAddress: checkedAddress, destinationAddress: checkedAddress });
const tradeRequest = xrplTradePrepareRequest.extend({ xrplAddress: checkedAddress, sellerAddress: checkedAddress, issuer: checkedAddress });
const retireRequest = xrplRetirePrepareRequest.extend({ xrplAddress: checkedAddress, issuer: checkedAddress });

/**
 * The /xrpl screen's actions, in two steps each: prepare (KYC checks, autofilled
 * unsigned transactions and a sealed preparation) and submit (the blobs the
 * browser signed). Seeds are refused: every body is a strict object.
 */
@Controller('api/xrpl')
export class XrplActionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('issue/prepare')
  @Roles('issuer', 'admin')
  @HttpCode(200)
  prepareIssue(@Body(new ZodPipe(issueRequest)) body: XrplIssueForm, @CurrentRequest() request: ApiRequest): Promise<XrplPrepareResponse> {
    return this.commands.execute(new PrepareXrplIssueCommand(body, commandContextFrom(request)));
  }

  @Post('issue')
  @Roles('issuer', 'admin')
  @HttpCode(201)
  issue(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<XrplIssueResponse> {
    return this.commands.execute(new SubmitXrplIssueCommand(body, commandContextFrom(request)));
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
  trade(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<XrplTradeResponse> {
    return this.commands.execute(new SubmitXrplTradeCommand(body, commandContextFrom(request)));
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
  retire(@Body(new ZodPipe(xrplSubmitRequest)) body: XrplSubmitRequest, @CurrentRequest() request: ApiRequest): Promise<XrplRetireResponse> {
    return this.commands.execute(new SubmitXrplRetireCommand(body, commandContextFrom(request)));
  }
}
