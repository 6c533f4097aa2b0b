import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { OnGatewayInit } from '@nestjs/websockets';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { formatPosition, type ProjectionUpdatedMessage, type Role, roles, SESSION_COOKIE, socketEvents } from '@carbon-ledger/contracts';
import type { Server, Socket } from 'socket.io';
import { LIVE_SESSIONS, type LiveSession, type LiveSessions, type SessionChange, tokenHash } from '../shared/live-sessions.port.js';
import { readCookie } from '../infrastructure/http/access-rules.js';
import { isSameOrigin } from '../infrastructure/http/same-origin.js';
import { roleRoom } from '../infrastructure/http/socket-rooms.js';
import { ServiceMetrics } from '../infrastructure/metrics/service-metrics.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

/**
 * How often open sockets are checked against the session table: a sign-out or an expiry
 * recorded by another process (or a session deleted by hand) ends the socket within this time.
 */
export const SOCKET_SESSION_CHECK_MS = 2_000;

/** What a socket remembers of the session it was opened with. */
interface SocketSession {
  readonly tokenHash: string;
  expiry: ReturnType<typeof setTimeout> | undefined;
}

const sessionOf = (socket: Socket): SocketSession | undefined => (socket.data as { session?: SocketSession }).session;

/**
 * Pushes read-model changes to the console after each projection batch commits.
 * Only signed-in browsers of this origin connect (the session cookie rides on the
 * handshake); each socket joins its user's role rooms, so role-restricted messages
 * can be sent to those rooms alone. A socket keeps only the rights of its session:
 * it ends when the session ends or expires, and its rooms follow role changes.
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private readonly logger = new Logger('Realtime');
  private readonly unsubscribers: (() => void)[] = [];
  private checkTimer: ReturnType<typeof setInterval> | undefined;
  /** One session check at a time, in order, so an older answer never undoes a newer one. */
  private checks: Promise<void> = Promise.resolve();

  constructor(
    private readonly projections: ProjectionHost,
    @Inject(LIVE_SESSIONS) private readonly sessions: LiveSessions,
    private readonly metrics: ServiceMetrics,
  ) {}

  afterInit(server: Server): void {
    this.metrics.countSocketsWith(() => this.sockets().length);
    server.use((socket, next) => {
      if (!isSameOrigin(socket.handshake.headers.origin, socket.handshake.headers.host)) {
        return next(new Error('Forbidden: cross-site connection refused'));
      }
      const token = readCookie(socket.handshake, SESSION_COOKIE);
      if (!token) return next(new Error('Unauthorized: sign in to receive live updates'));
      const hash = tokenHash(token);
      this.sessions.liveSessions([hash]).then(
        (live) => {
          const session = live.get(hash);
          if (!session) return next(new Error('Unauthorized: sign in to receive live updates'));
          const socketSession: SocketSession = { tokenHash: hash, expiry: undefined };
          (socket.data as { session?: SocketSession }).session = socketSession;
          this.follow(socket, session);
          socket.once('disconnect', () => clearTimeout(socketSession.expiry));
          next();
        },
        () => next(new Error('Unauthorized: the session could not be checked')),
      );
    });
  }

  onModuleInit(): void {
    this.unsubscribers.push(
      this.projections.onBatchCommitted((batch) => {
        if (batch.views.length === 0) return;
        const message: ProjectionUpdatedMessage = {
          projection: batch.projection,
          views: [...batch.views],
          position: formatPosition(batch.position),
        };
        this.server?.emit(socketEvents.projectionUpdated, message);
      }),
      this.sessions.onChange((change) => this.onSessionChange(change)),
    );
    this.checkTimer = setInterval(() => this.checkAll(), SOCKET_SESSION_CHECK_MS);
    this.checkTimer.unref();
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    clearInterval(this.checkTimer);
  }

  private onSessionChange(change: SessionChange): void {
    if (change.kind === 'ended') {
      // Signed out here: the session's sockets end at once, before the sign-out answers.
      for (const socket of this.sockets()) if (sessionOf(socket)?.tokenHash === change.tokenHash) socket.disconnect(true);
      return;
    }
    this.checkAll();
  }

  /** Reads every open socket's session again: gone or expired ends the socket, changed roles move its rooms. */
  private checkAll(): void {
    this.checks = this.checks
      .then(async () => {
        const sockets = this.sockets().filter((socket) => sessionOf(socket));
        if (sockets.length === 0) return;
        const live = await this.sessions.liveSessions([...new Set(sockets.map((socket) => sessionOf(socket)!.tokenHash))]);
        for (const socket of sockets) {
          const session = live.get(sessionOf(socket)!.tokenHash);
          if (session) this.follow(socket, session);
          else socket.disconnect(true);
        }
      })
      .catch((error: unknown) => this.logger.error(`checking socket sessions failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Puts the socket in exactly its user's role rooms and ends it when the session expires. */
  private follow(socket: Socket, session: LiveSession): void {
    const held = new Set<Role>(session.user.roles);
    for (const role of roles) {
      if (held.has(role)) void socket.join(roleRoom(role));
      else void socket.leave(roleRoom(role));
    }
    const socketSession = sessionOf(socket);
    if (!socketSession) return;
    clearTimeout(socketSession.expiry);
    // setTimeout holds at most ~24.8 days; sessions last hours, and the periodic check covers the rest.
    const delay = Math.min(Math.max(session.expiresAt.getTime() - Date.now(), 0), 2 ** 31 - 1);
    socketSession.expiry = setTimeout(() => socket.disconnect(true), delay);
    socketSession.expiry.unref();
  }

  private sockets(): Socket[] {
    return this.server ? [...this.server.of('/').sockets.values()] : [];
  }
}
