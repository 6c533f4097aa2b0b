import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore, GetRetirementResponse } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { readSeals } from './event-log-seals.js';
import { retirementCertificate, selectRetirements, toRetirementRecord } from './retirement-record.js';

/** One retirement with its certificate document and what verifies it; undefined when unknown. */
export class GetRetirementQuery extends Query<GetRetirementResponse | undefined> {
  constructor(readonly retirementId: string) {
    super();
  }
}

@QueryHandler(GetRetirementQuery)
export class GetRetirementHandler implements IQueryHandler<GetRetirementQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ retirementId }: GetRetirementQuery): Promise<GetRetirementResponse | undefined> {
    const row = await selectRetirements(this.db).where('r.retirement_id', '=', retirementId).executeTakeFirst();
    if (!row) return undefined;
    const certificate = retirementCertificate(row);
    const sealCovering = await readSeals(this.eventStore);
    const xrplTransactions = [
      ...(row.xrpl_tx_hash ? [{ purpose: 'retirement', hash: row.xrpl_tx_hash }] : []),
      ...(row.nft_burn_tx_hash ? [{ purpose: 'nft-burn', hash: row.nft_burn_tx_hash }] : []),
    ];
    return {
      ...toRetirementRecord(row, certificate),
      certificate,
      verification: {
        network: this.config.XRPL_NETWORK,
        xrplTransactions,
        seal: sealCovering({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }),
      },
    };
  }
}
