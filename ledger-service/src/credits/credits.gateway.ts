import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

/**
 * Pushes the product's 'newTrade' and 'newCredit' for each trade and batch the
 * credit projections commit, to every connected socket (only signed-in
 * browsers connect). Shares the realtime gateway's socket.io server. The
 * messages come with the committed batch (built from its events as its rows
 * read back), so nothing is read again and each batch is pushed once, in order.
 */
@WebSocketGateway({ serveClient: false })
export class CreditsGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly projections: ProjectionHost) {}

  onModuleInit(): void {
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      for (const { name, message } of batch.messages) this.server?.emit(name, message);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
