import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IsoCountryCode, KycJurisdiction, KycLevel } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { kycRiskScore } from './kyc-risk.js';
import type { KycScreeningOutcome } from './providers/kyc-provider.port.js';
import { loadSanctionsList, type SanctionsList } from './sanctions/sanctions-list.js';

/** Our own sanctions screening and risk score, run on every identity whichever provider checked it. */
@Injectable()
export class IdentityScreening {
  private readonly logger = new Logger('KYC');
  private readonly list: SanctionsList;
  private readonly highRiskCountries: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.list = loadSanctionsList({ sdnPath: config.SANCTIONS_LIST_PATH, altPath: config.SANCTIONS_ALT_LIST_PATH });
    this.highRiskCountries = new Set(config.KYC_HIGH_RISK_COUNTRIES);
    this.logger.log(`sanctions screening against ${this.list.listName}: ${this.list.size} names`);
  }

  screen(identity: {
    readonly legalName: string;
    readonly country: IsoCountryCode;
    readonly jurisdiction: KycJurisdiction | null;
    readonly level: KycLevel;
  }): KycScreeningOutcome {
    const sanctions = this.list.screen(identity.legalName);
    return {
      riskScore: kycRiskScore({ ...identity, sanctions }, this.highRiskCountries),
      result: sanctions.result,
      matches: sanctions.matches,
      listName: this.list.listName,
      listEntries: this.list.size,
    };
  }
}
