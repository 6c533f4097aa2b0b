import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { INVALID_XRPL_ADDRESS_MESSAGE, sandboxFaucetRequest, type SandboxFaucetRequest, type SandboxFaucetResponse, roles } from '@carbon-ledger/contracts';
import { isValidClassicAddress } from 'xrpl';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { FundSandboxWalletCommand } from './commands/fund-sandbox-wallet.handler.js';

/** The contract checks the address's shape; here its checksum too (xrpl.js). */
export const faucetRequest = sandboxFaucetRequest.extend({
  address: sandboxFaucetRequest.shape.address.refine((address) => isValidClassicAddress(address), INVALID_XRPL_ADDRESS_MESSAGE),
});

/** The sandbox network's faucet for wallets the browser generates; only an address arrives, never a seed. */
@Controller('api/xrpl')
export class SandboxFaucetController {
  constructor(private readonly commands: CommandBus) {}

  @Post('faucet')
  @Roles(...roles)
  @HttpCode(201)
  fund(@Body(new ZodPipe(faucetRequest)) body: SandboxFaucetRequest, @CurrentRequest() request: ApiRequest): Promise<SandboxFaucetResponse> {
    return this.commands.execute(new FundSandboxWalletCommand(body.address, commandContextFrom(request)));
  }
}
