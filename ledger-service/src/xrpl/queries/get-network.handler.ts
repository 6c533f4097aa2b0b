import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { XrplNetworkResponse } from '@carbon-ledger/contracts';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';

export class GetXrplNetworkQuery extends Query<XrplNetworkResponse> {}

@QueryHandler(GetXrplNetworkQuery)
export class GetXrplNetworkHandler implements IQueryHandler<GetXrplNetworkQuery> {
  constructor(@Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway) {}

  async execute(): Promise<XrplNetworkResponse> {
    const ledgerIndex = this.gateway.connected
      ? await this.gateway.request({ command: 'ledger_current' }).then(
          (answer) => answer.result.ledger_current_index,
          () => null,
        )
      : null;
    return {
      network: this.gateway.network,
      isMainnet: this.gateway.network === 'mainnet',
      connected: this.gateway.connected,
      ledgerIndex,
    };
  }
}
