import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { type EventStore, type SealLogResponse, type VerifyLogResponse } from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { ledgerAnchorLookup } from './anchor-lookup.js';
import { LedgerSealer } from './sealing/ledger-sealer.js';
import { verifyLog } from './verify-log.js';

@Controller('api/audit')
export class AuditController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly sealer: LedgerSealer,
  ) {}

  /** Re-derives every hash chain, seal and anchor; names the first mismatch. */
  @Get('verify')
  @Roles('auditor', 'compliance', 'admin')
  async verify(): Promise<VerifyLogResponse> {
    const report = await verifyLog(this.eventStore, { lookupAnchor: ledgerAnchorLookup(this.gateway) });
    return { ...report, checkedAt: new Date().toISOString() };
  }

  /** Seals now instead of waiting for the next interval; `seal` is null when nothing is new. */
  @Post('seals')
  @Roles('auditor', 'admin')
  @HttpCode(201)
  async seal(): Promise<SealLogResponse> {
    return { seal: (await this.sealer.sealNow()) ?? null };
  }
}
