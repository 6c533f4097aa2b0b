import { Module } from '@nestjs/common';
import { AmlAlertsGateway } from './aml-alerts.gateway.js';
import { AmlController } from './aml.controller.js';
import { ListAmlAlertsHandler } from './queries/list-aml-alerts.handler.js';
import { ScreenTransactionWhenRecorded } from './reactions/screen-transaction-when-recorded.handler.js';

@Module({
  controllers: [AmlController],
  providers: [ScreenTransactionWhenRecorded, ListAmlAlertsHandler, AmlAlertsGateway],
})
export class AmlModule {}
