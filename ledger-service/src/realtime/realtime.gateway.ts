import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { formatPosition, type ProjectionUpdatedMessage, socketEvents } from '@carbon-ledger/contracts';
import type { Server } from 'socket.io';
import { ProjectionHost } from '../projections/projection-host.js';

/** Pushes read-model changes to the console after each projection batch commits. */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly projections: ProjectionHost) {}

  onModuleInit(): void {
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      if (batch.views.length === 0) return;
      const message: ProjectionUpdatedMessage = {
        views: [...batch.views],
        position: formatPosition(batch.position),
      };
      this.server?.emit(socketEvents.projectionUpdated, message);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
