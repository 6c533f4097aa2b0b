import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AnchorSealWhenLedgerSealed } from './reactions/anchor-seal-when-ledger-sealed.handler.js';
import { LedgerSealer } from './sealing/ledger-sealer.js';

@Module({
  controllers: [AuditController],
  providers: [LedgerSealer, AnchorSealWhenLedgerSealed],
})
export class AuditModule {}
