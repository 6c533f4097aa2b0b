import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { AML_ALERT_SOCKET_EVENT, type AmlAlertMessage, formatPosition, type Position, START, type ProjectionName } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { Server } from 'socket.io';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { AML_ALERT_ROOMS } from '../infrastructure/http/socket-rooms.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { toAmlAlertView } from './queries/list-aml-alerts.handler.js';

const AML_ALERTS_PROJECTION: ProjectionName = 'aml-alerts';

/**
 * Pushes 'aml-alert' for each alert the aml-alerts projection commits. Shares
 * the socket.io server of the realtime gateway (same port and path), to the
 * compliance, auditor and admin rooms only. Alerts
 * that were committed before this process started are not pushed again.
 */
@WebSocketGateway({ serveClient: false })
export class AmlAlertsGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private readonly logger = new Logger('AML');
  private pushed: Position = START;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly projections: ProjectionHost,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  async onModuleInit(): Promise<void> {
    const newest = await this.db
      .selectFrom('aml_alerts')
      .select(['commit_position', 'prepare_position'])
      .orderBy('commit_position', 'desc')
      .orderBy('prepare_position', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest) this.pushed = { commit: BigInt(newest.commit_position), prepare: BigInt(newest.prepare_position) };
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      // Most batches only record screened transactions; only a raised alert is pushed.
      if (batch.projection !== AML_ALERTS_PROJECTION || !batch.eventTypes.has('AmlAlertRaised')) return;
      // One batch at a time, in order, so no alert is pushed twice or skipped.
      this.queue = this.queue
        .then(() => this.push(batch.position))
        .catch((error: unknown) => this.logger.error(`pushing AML alerts failed: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private async push(upTo: Position): Promise<void> {
    const after = this.pushed;
    const rows = await this.db
      .selectFrom('aml_alerts')
      .selectAll()
      .where(sql<boolean>`(commit_position, prepare_position) > (${after.commit.toString()}::bigint, ${after.prepare.toString()}::bigint)`)
      .where(sql<boolean>`(commit_position, prepare_position) <= (${upTo.commit.toString()}::bigint, ${upTo.prepare.toString()}::bigint)`)
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .execute();
    for (const row of rows) {
      const message: AmlAlertMessage = {
        ...toAmlAlertView(row),
        projection: AML_ALERTS_PROJECTION,
        position: formatPosition({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }),
      };
      this.server?.to([...AML_ALERT_ROOMS]).emit(AML_ALERT_SOCKET_EVENT, message);
    }
    this.pushed = upTo;
  }
}
