import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { OnGatewayInit } from '@nestjs/websockets';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { formatPosition, type ProjectionUpdatedMessage, SESSION_COOKIE, socketEvents } from '@carbon-ledger/contracts';
import type { Server } from 'socket.io';
import { SessionStore } from '../auth/session-store.js';
import { readCookie } from '../infrastructure/http/access-rules.js';
import { roleRoom } from '../infrastructure/http/socket-rooms.js';
import { ProjectionHost } from '../projections/projection-host.js';

/**
 * Pushes read-model changes to the console after each projection batch commits.
 * Only signed-in browsers connect (the session cookie rides on the handshake);
 * each socket joins its user's role rooms, so role-restricted messages can be
 * sent to those rooms alone.
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly projections: ProjectionHost,
    private readonly sessions: SessionStore,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const token = readCookie(socket.handshake, SESSION_COOKIE);
      const found = token ? this.sessions.find(token) : Promise.resolve(undefined);
      found.then(
        (session) => {
          if (!session) return next(new Error('Unauthorized: sign in to receive live updates'));
          for (const role of session.user.roles) void socket.join(roleRoom(role));
          next();
        },
        () => next(new Error('Unauthorized: the session could not be checked')),
      );
    });
  }

  onModuleInit(): void {
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      if (batch.views.length === 0) return;
      const message: ProjectionUpdatedMessage = {
        projection: batch.projection,
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
